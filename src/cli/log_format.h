// How warnings and errors are written for people and for CI pages.
#pragma once

#include <string>

#include "base/status.h"
#include "book.h"

namespace novelbind {

enum class LogFormat { kPlain, kGithub };

// Parses "plain" or "github".
Result<LogFormat> parse_log_format(const std::string& name);

// One warning line: "file:line: message [rule]" (plain) or a GitHub Actions annotation
// "::warning file=F,line=L,title=novelbind RULE::message" (github). Values are escaped as the
// annotation syntax requires (%, \r, \n; and ',' ':' in properties).
std::string format_warning(const Diagnostic& d, LogFormat format);

// An error message ("file:line: what; what to do") as a line for `format`.
std::string format_error(const std::string& message, LogFormat format);

// Print through the log (stderr): plain lines carry the log's "warning: "/"error: " prefix;
// GitHub annotations are printed as they are, which is how Actions reads them.
void print_warning(const Diagnostic& d, LogFormat format);
void print_error(const std::string& message, LogFormat format);

// The heading scheme the build chose and its evidence (format_structure): an info line
// (plain), or a GitHub notice "::notice title=novelbind structure::chapters 第N章; …" (github).
void print_structure(const StructureSummary& s, LogFormat format);

}  // namespace novelbind

#include "cli/log_format.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <utility>

namespace novelbind {
namespace {

// GitHub's workflow-command escaping: data escapes % CR LF; properties also ':' and ','.
// `s` with each character `codes` names replaced by its code.
std::string percent_encoded(const std::string& s,
                            std::initializer_list<std::pair<char, const char*>> codes) {
  std::string out;
  for (char c : s) {
    auto code =
        std::find_if(codes.begin(), codes.end(), [c](const auto& p) { return p.first == c; });
    if (code != codes.end())
      out += code->second;
    else
      out += c;
  }
  return out;
}

std::string escape_data(const std::string& s) {
  return percent_encoded(s, {{'%', "%25"}, {'\r', "%0D"}, {'\n', "%0A"}});
}

std::string escape_property(const std::string& s) {
  return percent_encoded(escape_data(s), {{':', "%3A"}, {',', "%2C"}});
}

}  // namespace

void print_warning(const Diagnostic& d, LogFormat format) {
  if (format == LogFormat::kPlain) {
    spdlog::warn("{}", format_warning(d, format));
  } else if (spdlog::should_log(spdlog::level::warn)) {
    std::fprintf(stderr, "%s\n", format_warning(d, format).c_str());
  }
}

void print_structure(const StructureSummary& s, LogFormat format) {
  if (s.chapters.empty() && s.evidence.empty()) return;  // a user's [chapters] heading
  if (format == LogFormat::kPlain) {
    spdlog::info("structure: {}", format_structure(s));
  } else if (spdlog::should_log(spdlog::level::info)) {
    std::fprintf(stderr, "::notice title=novelbind structure::%s\n",
                 escape_data(format_structure(s)).c_str());
  }
}

void print_error(const std::string& message, LogFormat format) {
  if (format == LogFormat::kPlain)
    spdlog::error("{}", message);
  else
    std::fprintf(stderr, "%s\n", format_error(message, format).c_str());
}

Result<LogFormat> parse_log_format(const std::string& name) {
  if (name == "plain") return LogFormat::kPlain;
  if (name == "github") return LogFormat::kGithub;
  return Status::Error("--log-format: unknown format '" + name + "'; use plain or github");
}

std::string format_warning(const Diagnostic& d, LogFormat format) {
  if (format == LogFormat::kPlain) {
    std::string out = format_diagnostic(d);
    if (!d.rule.empty()) out += " [" + d.rule + "]";
    return out;
  }
  std::string props;
  if (!d.file.empty()) {
    props += " file=" + escape_property(d.file);
    if (d.line > 0) props += ",line=" + std::to_string(d.line);
  }
  if (!d.rule.empty())
    props += (props.empty() ? " " : ",") + ("title=" + escape_property("novelbind " + d.rule));
  return "::warning" + props + "::" + escape_data(d.message);
}

std::string format_error(const std::string& message, LogFormat format) {
  if (format == LogFormat::kPlain) return message;
  // Messages start with "file:line: " or "file: " when they are about a file.
  std::string props, text = message;
  size_t colon = message.find(": ");
  if (colon != std::string::npos) {
    std::string where = message.substr(0, colon);
    size_t line_colon = where.rfind(':');
    std::string file = where, line;
    if (line_colon != std::string::npos &&
        where.find_first_not_of("0123456789", line_colon + 1) == std::string::npos &&
        line_colon + 1 < where.size()) {
      file = where.substr(0, line_colon);
      line = where.substr(line_colon + 1);
    }
    if (file.find(' ') == std::string::npos && file.rfind("-", 0) != 0) {
      props = " file=" + escape_property(file) + (line.empty() ? "" : ",line=" + line);
      text = message.substr(colon + 2);
    }
  }
  return "::error" + props + "::" + escape_data(text);
}

}  // namespace novelbind

// Findings about a made text (an EPUB's section, input_plan.h) moved to the document and line
// they came from, so that a repair or warning names what a reader can open
// ("book.epub:OEBPS/ch3.xhtml:41") rather than a line of a text that exists only in memory.
#pragma once

#include <string>

#include "book.h"
#include "ingest/input_plan.h"

namespace novelbind {

// Rewrites the file and line of every repair and warning of `book` that names a made text of
// `plan`. Run once the stages that look findings up by their file (order) are done.
void relocate_findings(Book& book, const InputPlan& plan);

// `message` with each "FILE:LINE" that names a line of a made text of `plan` named as the
// document and line it came from (a log line written before relocate_findings could run).
std::string relocate_message(const std::string& message, const InputPlan& plan);

}  // namespace novelbind

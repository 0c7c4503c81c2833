// The lines of a book's input files as they were read, before any repair, for the review page's
// context around each place: a .txt file's lines, or for an EPUB the text each document line
// gave (the made texts' origins, input_plan.h).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/status.h"
#include "config/config.h"
#include "ingest/input_plan.h"

namespace novelbind {

class SourceLines {
 public:
  // The lines of `text`, numbered from 1, under the name `file`.
  void add_text(const std::string& file, std::string_view text);
  // The lines of a made text under the documents and lines they came from.
  void add_made(const MadeText& made);

  // The line `line` of `file` ("" when unknown).
  std::string at(const std::string& file, int line) const;
  // Up to `radius` lines of `file` on each side of `line`, and the line itself, with their
  // numbers; blank lines left out.
  std::vector<std::pair<int, std::string>> around(const std::string& file, int line,
                                                  int radius) const;

 private:
  // By file: (line, text), in line order.
  std::map<std::string, std::vector<std::pair<int, std::string>>, std::less<>> files_;
};

// The lines of the plan's files, read and decoded again as the build read them (made texts as
// they are); a .txt not named in `wanted` is not read (the files a review's repairs name).
Result<SourceLines> read_source_lines(const InputPlan& plan, const CleanConfig& config,
                                      const std::vector<std::string>& wanted);

}  // namespace novelbind

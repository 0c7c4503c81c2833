// The files of a book, as the ingest stage found them (plan_input, ingest.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace novelbind {

struct InputFile {
  std::filesystem::path path;  // to open
  std::string display;         // to name in messages, e.g. "samples/seeds/001_x.txt"
  std::string volume;          // the sub-folder it is in (a volume), "" at the top level
  int folder = 0;              // that sub-folder's position in natural order, from 1
};

struct InputPlan {
  std::vector<InputFile> files;          // in natural-sort order (or the book.toml list)
  std::string default_title;             // folder or file name
  std::filesystem::path default_output;  // NAME.epub next to the input
};

}  // namespace novelbind

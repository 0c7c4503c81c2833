// The "ingest" stage: which files make the book, and their text decoded to UTF-8.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "base/status.h"
#include "book.h"
#include "config/config.h"
#include "ingest/input_plan.h"

namespace novelbind {

// Works out the files of the book from INPUT (a folder of .txt files, one .txt, an EPUB, or a
// book.toml whose Config is given). An EPUB's sections become made texts (input_plan.h,
// epub_source.h), its metadata and cover the plan's source_book. Errors name the path and say
// what to do.
Result<InputPlan> plan_input(const std::filesystem::path& input, const Config& config);

// Fills each file's stamp (InputFile::stamp), on every core: for the checks and keys that need
// what stat() says of every input (a rebuild, or an output that exists already).
void stamp_inputs(InputPlan& plan);

// Reads and decodes one input file (a made text is taken as it is). `index` is its position
// in the plan.
Result<SourceText> read_source(const InputFile& file, int index, const CleanConfig& config);

// A file's modification time in seconds since the epoch (0 when it cannot be read).
std::int64_t modified_seconds(const std::filesystem::path& path);

}  // namespace novelbind

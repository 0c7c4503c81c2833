// The output must never take the place of an input: `build x.txt -o x.txt`, or `-o` naming a
// chapter in the input folder, would replace the source with the EPUB.
#pragma once

#include <filesystem>

#include "base/status.h"
#include "config/config.h"
#include "ingest/ingest.h"

namespace novelbind {

// An error naming `out` when it is (after resolving links and `..`) one of the plan's input
// files, the book.toml, the cover or the stylesheet, or a .txt file in an input folder (the
// next build would read it as a chapter). Checked before anything is written.
Status check_output_spares_inputs(const std::filesystem::path& out, const InputPlan& plan,
                                  const Config& config);

}  // namespace novelbind

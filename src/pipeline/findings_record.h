// What the build cache keeps of a built book, so that a build in which nothing changed can
// print, check and report the same findings without building.
#pragma once

#include <string>
#include <string_view>

#include "pipeline/pipeline.h"

namespace novelbind {

// The book's metadata and
// chapters (without their text), the warnings, the sources and the script. A compact
// binary form (binary_io.h); read_findings returns false for damaged bytes.
std::string findings_record(const BuildResult& result);
bool read_findings(std::string_view record, BuildResult* result);

}  // namespace novelbind

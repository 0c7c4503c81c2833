// File and folder names as text. A name that is not UTF-8 (a zip made on a Chinese Windows
// unpacks its names in GBK) is read in the encodings such names come in, so that titles,
// order and messages see its characters, never bytes that would make an EPUB's XML invalid.
#pragma once

#include <filesystem>
#include <string>

namespace novelbind {

// `raw` (one name's bytes) as UTF-8: itself when it is UTF-8; else decoded from GB18030 or
// Big5-HKSCS, of those that decode all of it the one that reads more like Chinese; else with
// each bad byte as U+FFFD.
std::string name_text(const std::string& raw);

// `path` as UTF-8, each of its names read by name_text().
std::string path_text(const std::filesystem::path& path);

}  // namespace novelbind

// Corrections to a book's full truth, kept in the repository (tests/realworld/overlay/CASE.json)
// and applied by the scoreboard before it measures: each entry extends or replaces a field of
// truth.json or a line of story.txt and says why. The format is in tests/realworld/README.md.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace realworld {

// Applies `overlay` to a truth (truth.json's object and story.txt's lines). Returns an error
// message naming the entry ("titles[2]: ...") and what is wrong, or empty; on error the truth
// may be half changed.
std::string merge_overlay(nlohmann::ordered_json& truth, std::vector<std::string>& story,
                          const nlohmann::json& overlay);

// Writes truth_dir's truth.json and story.txt with the overlay file applied into out_dir.
// Returns an error message naming the overlay file, or empty.
std::string apply_overlay(const std::filesystem::path& truth_dir,
                          const std::filesystem::path& overlay_file,
                          const std::filesystem::path& out_dir);

}  // namespace realworld

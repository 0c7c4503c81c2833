// Truth files of the real-book scoreboard (truth.h).
#include "truth.h"

#include <toml++/toml.h>
#include <sstream>
#include <stdexcept>

namespace realworld {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> string_array(const toml::table& t, const char* key, const fs::path& file) {
  std::vector<std::string> out;
  const toml::node* node = t.get(key);
  if (!node) return out;
  const toml::array* arr = node->as_array();
  if (!arr) throw std::runtime_error(file.string() + ": `" + key + "` must be an array of strings");
  for (const toml::node& item : *arr) {
    auto value = item.value<std::string>();
    if (!value)
      throw std::runtime_error(file.string() + ":" + std::to_string(item.source().begin.line) +
                               ": `" + key + "` holds a value that is not a string");
    out.push_back(*value);
  }
  return out;
}

}  // namespace

Truth load_truth(const fs::path& file) {
  toml::table t;
  try {
    t = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << file.string() << ":" << e.source().begin.line << ": " << e.description();
    throw std::runtime_error(msg.str());
  }
  Truth truth;
  truth.name = file.stem().string();
  truth.file = file;
  auto input = t["input"].value<std::string>();
  if (!input)
    throw std::runtime_error(file.string() +
                             ": `input` (a path in the realworld folder) is missing");
  truth.input = *input;
  truth.chapters = string_array(t, "chapters", file);
  truth.volumes = string_array(t, "volumes", file);
  truth.residue = string_array(t, "residue", file);
  truth.story = string_array(t, "story", file);
  truth.story_mixed = string_array(t, "story_mixed", file);
  truth.fold = t["fold"].value_or(std::string());
  if (truth.chapters.empty()) throw std::runtime_error(file.string() + ": `chapters` is empty");
  return truth;
}

}  // namespace realworld

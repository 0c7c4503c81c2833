// Running measure.py (measurement.h).
#include "measurement.h"

#include <nlohmann/json.hpp>
#include <sstream>

namespace realworld {

namespace fs = std::filesystem;

Command measure_command(const fs::path& measure_py, const fs::path& truth_dir, const fs::path& epub,
                        const fs::path& json_out, const fs::path& log) {
  return {{"python3", measure_py.string(), truth_dir.string(), epub.string(), "--json",
           json_out.string()},
          log};
}

namespace {

// The output's last non-empty line: what a failed measure.py said last (its exception).
std::string last_line(const std::string& output) {
  std::istringstream in(output);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

}  // namespace

std::string read_measurement(const std::string& json_text, const std::string& output, Row& row) {
  if (json_text.empty()) return "measure.py failed: " + last_line(output);
  try {
    nlohmann::json j = nlohmann::json::parse(json_text);
    Figures& f = row.figures;
    f.holds = j.at("holds").get<bool>();
    f.chapters_found = j.at("chapters_found").get<size_t>();
    f.chapters = j.at("chapters").get<size_t>();
    f.residue = 0;
    for (const auto& [kind, count] : j.at("residue").items()) f.residue += count.get<size_t>();
    f.changed = j.at("changed").get<size_t>();
    f.lost = j.at("lost").get<size_t>();
    f.story = j.at("story").get<size_t>();
    f.extra = j.at("extra").get<size_t>();
    f.echoes = j.at("echoes").get<size_t>();
  } catch (const std::exception& e) {
    return std::string("measure.py's JSON: ") + e.what();
  }
  // The first line repeats the figures; the rest are the examples of each fault.
  auto nl = output.find('\n');
  row.examples = nl == std::string::npos ? "" : output.substr(nl + 1);
  row.measured = true;
  return {};
}

}  // namespace realworld

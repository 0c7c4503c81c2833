// Corrections to a truth (truth_overlay.h).
#include "truth_overlay.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "process.h"

namespace realworld {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;

namespace {

// The entry's reason, or an error: a correction without its reason is not accepted.
std::string check_reason(const json& entry, const std::string& where) {
  if (!entry.is_object()) return where + ": expected an object with a \"reason\"";
  auto it = entry.find("reason");
  if (it == entry.end() || !it->is_string() || it->get<std::string>().empty())
    return where + ": says no \"reason\" (every correction says why the truth is wrong)";
  return {};
}

std::string string_field(const json& entry, const char* key, const std::string& where,
                         std::string& out) {
  auto it = entry.find(key);
  if (it == entry.end() || !it->is_string()) return where + ": needs \"" + key + "\" (a string)";
  out = it->get<std::string>();
  return {};
}

std::string merge_signatures(ordered_json& truth, const char* field, const json& entries) {
  if (!entries.is_object()) return std::string(field) + ": expected an object of kinds";
  ordered_json& sigs = truth[field];
  if (sigs.is_null()) sigs = ordered_json::object();
  for (const auto& [kind, entry] : entries.items()) {
    std::string where = std::string(field) + "." + kind;
    if (std::string e = check_reason(entry, where); !e.empty()) return e;
    auto regex = entry.find("regex");
    if (regex == entry.end() || !(regex->is_string() || regex->is_null()))
      return where + ": needs \"regex\" (a string, or null to remove the kind)";
    if (regex->is_null()) {
      if (!sigs.contains(kind)) return where + ": the truth has no such kind to remove";
      sigs.erase(kind);
    } else {
      sigs[kind] = regex->get<std::string>();
    }
  }
  return {};
}

std::string merge_uncertain(ordered_json& truth, const json& entries) {
  if (!entries.is_array()) return "uncertain: expected a list";
  ordered_json& list = truth["uncertain"];
  if (list.is_null()) list = ordered_json::array();
  for (size_t i = 0; i < entries.size(); ++i) {
    std::string where = "uncertain[" + std::to_string(i) + "]", text;
    if (std::string e = check_reason(entries[i], where); !e.empty()) return e;
    if (std::string e = string_field(entries[i], "text", where, text); !e.empty()) return e;
    list.push_back(text);
  }
  return {};
}

std::string merge_titles(ordered_json& truth, const json& entries) {
  if (!entries.is_array()) return "titles: expected a list";
  ordered_json& titles = truth["chapters"]["titles"];
  for (size_t i = 0; i < entries.size(); ++i) {
    std::string where = "titles[" + std::to_string(i) + "]", was, now;
    if (std::string e = check_reason(entries[i], where); !e.empty()) return e;
    if (std::string e = string_field(entries[i], "was", where, was); !e.empty()) return e;
    if (std::string e = string_field(entries[i], "title", where, now); !e.empty()) return e;
    bool found = false;
    for (auto& t : titles)
      if (t.is_string() && t.get<std::string>() == was) {
        t = now, found = true;
        break;
      }
    if (!found) return where + ": the truth has no chapter title \"" + was + "\"";
  }
  return {};
}

std::string merge_story(std::vector<std::string>& story, const json& entries) {
  if (!entries.is_array()) return "story: expected a list";
  for (size_t i = 0; i < entries.size(); ++i) {
    std::string where = "story[" + std::to_string(i) + "]", was;
    if (std::string e = check_reason(entries[i], where); !e.empty()) return e;
    if (std::string e = string_field(entries[i], "was", where, was); !e.empty()) return e;
    auto now = entries[i].find("now");
    if (now == entries[i].end() || !(now->is_string() || now->is_null()))
      return where + ": needs \"now\" (the corrected paragraph, or null when it is not story)";
    auto it = std::find(story.begin(), story.end(), was);
    if (it == story.end()) return where + ": story.txt has no line \"" + was + "\"";
    if (now->is_null())
      story.erase(it);
    else
      *it = now->get<std::string>();
  }
  return {};
}

std::string merge_fold(ordered_json& truth, const json& entry) {
  if (std::string e = check_reason(entry, "fold_script"); !e.empty()) return e;
  auto value = entry.find("value");
  if (value == entry.end() || !(value->is_string() || value->is_null()))
    return "fold_script: needs \"value\" (\"s2t\", \"t2s\" or null)";
  if (value->is_null())
    truth.erase("fold_script");
  else
    truth["fold_script"] = value->get<std::string>();
  return {};
}

}  // namespace

std::string merge_overlay(ordered_json& truth, std::vector<std::string>& story,
                          const json& overlay) {
  if (!overlay.is_object()) return "expected a JSON object";
  for (const auto& [key, value] : overlay.items()) {
    std::string e;
    if (key == "note")
      continue;  // a comment on the whole file
    else if (key == "ad_signatures" || key == "neutral_signatures")
      e = merge_signatures(truth, key.c_str(), value);
    else if (key == "uncertain")
      e = merge_uncertain(truth, value);
    else if (key == "titles")
      e = merge_titles(truth, value);
    else if (key == "story")
      e = merge_story(story, value);
    else if (key == "fold_script")
      e = merge_fold(truth, value);
    else
      e = "unknown key \"" + key +
          "\" (expected ad_signatures, neutral_signatures, uncertain, titles, story, "
          "fold_script or note)";
    if (!e.empty()) return e;
  }
  return {};
}

std::string apply_overlay(const fs::path& truth_dir, const fs::path& overlay_file,
                          const fs::path& out_dir) {
  ordered_json truth;
  json overlay;
  try {
    truth = ordered_json::parse(read_text(truth_dir / "truth.json"));
  } catch (const std::exception& e) {
    return (truth_dir / "truth.json").string() + ": " + e.what();
  }
  try {
    overlay = json::parse(read_text(overlay_file));
  } catch (const std::exception& e) {
    return overlay_file.string() + ": " + e.what();
  }
  std::vector<std::string> story;
  std::istringstream in(read_text(truth_dir / "story.txt"));
  for (std::string line; std::getline(in, line);) story.push_back(line);
  if (std::string e = merge_overlay(truth, story, overlay); !e.empty())
    return overlay_file.string() + ": " + e;
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  std::ofstream t(out_dir / "truth.json", std::ios::binary),
      s(out_dir / "story.txt", std::ios::binary);
  t << truth.dump(1) << "\n";
  for (const std::string& line : story) s << line << "\n";
  if (!t || !s) return "cannot write the corrected truth in " + out_dir.string();
  return {};
}

}  // namespace realworld

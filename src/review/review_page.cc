#include "review/review_page.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "base/resources.h"
#include "render/render.h"

namespace novelbind {
namespace {

using nlohmann::json;

std::string count_rows(const std::vector<ReviewCount>& counts, const char* kind) {
  std::string out;
  for (const ReviewCount& c : counts) {
    std::string name = xml_escape(c.name);
    out += std::string("<tr class=\"") + kind + "-count\" data-name=\"" + name +
           "\" data-count=\"" + std::to_string(c.count) + "\"><td class=\"rule\" data-rule=\"" +
           name + "\">" + name + "</td><td class=\"n\">" + std::to_string(c.count) + "</td></tr>\n";
  }
  return out.empty() ? "<tr><td class=\"muted\">none</td></tr>\n" : out;
}

std::string summary_html(const Review& r) {
  int repairs = 0, warnings = 0;
  for (const ReviewCount& c : r.repairs) repairs += c.count;
  for (const ReviewCount& c : r.warnings) warnings += c.count;
  std::string scheme = r.structure.chapters.empty() ? "none found" : r.structure.chapters;
  if (!r.structure.volumes.empty()) scheme += "; volumes " + r.structure.volumes;
  return "<table class=\"book\"><tr><th>Chapters</th><td id=\"chapters\" "
         "data-count=\"" +
         std::to_string(r.chapters) + "\">" + std::to_string(r.chapters) +
         "</td></tr>\n<tr><th>Heading scheme</th><td id=\"scheme\">" + xml_escape(scheme) +
         "</td></tr>\n<tr><th>Evidence</th><td class=\"muted\">" +
         xml_escape(r.structure.evidence) +
         "</td></tr>\n<tr><th>Repairs</th><td id=\"repairs\" data-count=\"" +
         std::to_string(repairs) + "\">" + std::to_string(repairs) + " in " +
         std::to_string(r.groups.size()) +
         " group(s)</td></tr>\n<tr><th>Warnings</th><td id=\"warnings-count\" "
         "data-count=\"" +
         std::to_string(warnings) + "\">" + std::to_string(warnings) +
         "</td></tr></table>\n<table class=\"rules\" id=\"rules\"><tr><th>Repairs per "
         "rule</th><th></th></tr>\n" +
         count_rows(r.repairs, "repair") +
         "</table>\n<table class=\"kinds\" id=\"kinds\"><tr><th>Warnings per kind</th><th></th>"
         "</tr>\n" +
         count_rows(r.warnings, "warning") + "</table>";
}

std::string data_json(const Review& r) {
  json rules = json::array();
  std::map<std::string, int> rule_index;
  for (const ReviewCount& c : r.repairs) {
    rule_index[c.name] = static_cast<int>(rules.size());
    rules.push_back(c.name);
  }
  json files = json::array(), chapters = json::array();
  std::map<std::string, int> file_index, chapter_index;
  auto index_of = [](std::map<std::string, int>& index, json& table, const std::string& s) {
    auto [it, added] = index.emplace(s, static_cast<int>(table.size()));
    if (added) table.push_back(s);
    return it->second;
  };
  json groups = json::array();
  auto pieces = [](const std::vector<DiffPiece>& diff) {
    json out = json::array();
    for (const DiffPiece& p : diff) out.push_back({static_cast<int>(p.kind), p.text});
    return out;
  };
  // The context lines of each file once (neighbouring places share them); a place names the
  // run of its file's lines around it, which are neighbours in its file's table too.
  std::map<std::string, std::map<int, std::string>> context_lines;
  for (const ReviewGroup& g : r.groups)
    for (const ReviewPlace& p : g.places)
      for (const auto& [line, text] : p.context) context_lines[p.file].emplace(line, text);
  std::map<std::string, std::map<int, int>> context_index;
  json tables = json::object();
  for (const auto& [file, numbered] : context_lines) {
    json table = json::array();
    for (const auto& [line, text] : numbered) {
      context_index[file][line] = static_cast<int>(table.size());
      table.push_back({line, text});
    }
    tables[std::to_string(index_of(file_index, files, file))] = std::move(table);
  }
  for (const ReviewGroup& g : r.groups) {
    json places = json::array();
    const std::vector<DiffPiece>* last = nullptr;
    for (const ReviewPlace& p : g.places) {
      int start = p.context.empty() ? 0 : context_index[p.file][p.context.front().first];
      json place = {index_of(file_index, files, p.file), p.line,
                    index_of(chapter_index, chapters, p.chapter), start,
                    static_cast<int>(p.context.size())};
      // A place whose change is the one before it (a line dropped again) does not repeat it.
      bool same = last && last->size() == p.diff.size() &&
                  std::equal(last->begin(), last->end(), p.diff.begin(),
                             [](const DiffPiece& a, const DiffPiece& b) {
                               return a.kind == b.kind && a.text == b.text;
                             });
      if (!p.detailed && &p != &g.places.front()) {
        place.push_back(0);  // past the budget: no change of its own to show
      } else if (!same) {
        place.push_back(pieces(p.diff));
      }
      last = &p.diff;
      places.push_back(std::move(place));
    }
    json group = {{"r", rule_index[g.rule]}, {"x", g.removed}, {"y", g.added},
                  {"l", g.line ? 1 : 0},     {"n", g.note},    {"p", std::move(places)}};
    if (!g.toml_line.empty()) {
      group["s"] = g.section;
      group["t"] = g.toml_line;
    }
    groups.push_back(std::move(group));
  }
  json kinds = json::array(), warnings = json::array();
  std::map<std::string, int> kind_index;
  for (const Diagnostic& d : r.warning_list) {
    int file = d.file.empty() ? 0 : index_of(file_index, files, d.file) + 1;
    warnings.push_back({index_of(kind_index, kinds, d.rule), file, d.line, d.message});
  }
  json out = {{"rules", std::move(rules)},      {"files", std::move(files)},
              {"lines", std::move(tables)},     {"chapters", std::move(chapters)},
              {"groups", std::move(groups)},    {"kinds", std::move(kinds)},
              {"warnings", std::move(warnings)}};
  std::string text = out.dump(-1, ' ', false, json::error_handler_t::replace);
  // Inside <script>: no "</" may close it early.
  std::string safe;
  safe.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '<' && i + 1 < text.size() && (text[i + 1] == '/' || text[i + 1] == '!')) {
      safe += "\\u003c";
      continue;
    }
    safe += text[i];
  }
  return safe;
}

// `page` with each {{KEY}} of `values` replaced, left to right; the values are not searched.
std::string fill(std::string_view page,
                 const std::vector<std::pair<std::string_view, std::string>>& values) {
  std::string out;
  size_t at = 0;
  while (at < page.size()) {
    size_t open = page.find("{{", at);
    if (open == std::string_view::npos) break;
    size_t close = page.find("}}", open);
    if (close == std::string_view::npos) break;
    std::string_view key = page.substr(open + 2, close - open - 2);
    auto value =
        std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == key; });
    out.append(page.substr(at, open - at));
    if (value == values.end()) {
      out.append(page.substr(open, close + 2 - open));
    } else {
      out += value->second;
    }
    at = close + 2;
  }
  out.append(page.substr(std::min(at, page.size())));
  return out;
}

}  // namespace

std::string review_page_html(const Review& review) {
  std::string name = review.title.empty() ? review.input : review.title;
  return fill(builtin_resource("data/review_page.html"),
              {{"TITLE", xml_escape("Review: " + name)},
               {"HEADING", xml_escape("Repairs novelbind would make to " + name)},
               {"SUBTITLE", xml_escape(review.input) +
                                " &middot; open a row to see each place with the lines around "
                                "it; each group gives the book.toml line that turns its repair "
                                "off for its text"},
               {"SUMMARY", summary_html(review)},
               {"DATA", data_json(review)}});
}

}  // namespace novelbind

#include "cli/report.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace novelbind {

using nlohmann::json;

namespace {

json diagnostic_json(const Diagnostic& d) {
  return {{"rule", d.rule}, {"file", d.file}, {"line", d.line}, {"message", d.message}};
}

}  // namespace

std::map<std::string, int> repair_counts(const Book& book) {
  std::map<std::string, int> counts;
  for (const Chapter& c : book.chapters)
    for (const Repair& r : c.repairs) ++counts[r.rule];
  return counts;
}

namespace {

json chapter_json(const Chapter& c, size_t position) {
  json repairs = json::array();
  for (const Repair& r : c.repairs) {
    repairs.push_back({{"rule", r.rule},
                       {"file", r.file},
                       {"line", r.line},
                       {"before", r.before},
                       {"after", r.after}});
  }
  return {{"position", position},
          {"title", c.title},
          {"number", c.number ? json(*c.number) : json(nullptr)},
          {"volume", c.volume},
          {"sources", c.sources},
          {"paragraphs", c.paragraphs.size()},
          {"characters", c.paragraphs.characters()},
          {"script", c.script},
          {"conversion", c.conversion},
          {"repairs", repairs}};
}

std::string dump(const json& j) {
  return j.dump(2, ' ', false, json::error_handler_t::replace);
}

// Writes the report to `out`. The chapters, most of a long book's report (every repair), are
// made and written one at a time, in the layout dump(2) gives the whole, so that the report
// never holds them all at once.
void write_report_to(std::ostream& out, const BuildResult& result) {
  const Book& book = result.book;
  json sources = json::array();
  for (const auto& [path, encoding] : result.sources)
    sources.push_back({{"path", path}, {"encoding", encoding}});
  json warnings = json::array();
  for (const Diagnostic& d : all_warnings(book)) warnings.push_back(diagnostic_json(d));
  json timings = json::array();
  for (const StageTiming& t : result.timings)
    timings.push_back({{"stage", t.stage}, {"seconds", t.seconds}});
  json report = {{"schema", "novelbind-report"},
                 {"version", kReportVersion},
                 {"novelbind", NOVELBIND_VERSION},
                 {"book",
                  {{"title", book.meta.title},
                   {"author", book.meta.author},
                   {"language", book.meta.language},
                   {"identifier", book.meta.identifier},
                   {"script", result.script_target}}},
                 {"structure",
                  {{"chapters", book.structure.chapters},
                   {"volumes", book.structure.volumes},
                   {"evidence", book.structure.evidence}}},
                 {"sources", sources},
                 {"rules", repair_counts(book)},
                 {"chapters", nullptr},
                 {"warnings", warnings},
                 {"output", result.output.string()},
                 {"timings", timings},
                 {"cache",
                  {{"enabled", result.cache.enabled},
                   {"book_reused", result.cache.book_reused},
                   {"hits", result.cache.hits},
                   {"misses", result.cache.misses},
                   {"corrupt", result.cache.corrupt},
                   {"files_reused", result.cache.files_reused},
                   {"files_rebuilt", result.cache.files_rebuilt}}}};
  std::string text = dump(report);
  const std::string slot = "\"chapters\": null";
  size_t at = text.find(slot);
  out << std::string_view(text).substr(0, at) << "\"chapters\": ";
  if (book.chapters.empty()) {
    out << "[]";
  } else {
    out << "[";
    for (size_t i = 0; i < book.chapters.size(); ++i) {
      std::string chapter = dump(chapter_json(book.chapters[i], i + 1));
      out << (i ? ",\n    " : "\n    ");
      for (char ch : chapter) {
        out << ch;
        if (ch == '\n') out << "    ";
      }
    }
    out << "\n  ]";
  }
  out << std::string_view(text).substr(at + slot.size()) << "\n";
}

}  // namespace

std::string report_json(const BuildResult& result) {
  std::ostringstream out;
  write_report_to(out, result);
  return out.str();
}

Status write_report(const std::filesystem::path& path, const BuildResult& result) {
  std::ofstream out(path, std::ios::binary);
  if (out) write_report_to(out, result);
  if (!out) {
    return Status::Error(path.string() +
                         ": cannot write the report; check that the folder exists "
                         "and is writable");
  }
  return Status::Ok();
}

}  // namespace novelbind

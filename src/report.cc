#include "report.h"

#include <fstream>
#include <nlohmann/json.hpp>

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

// Everything the build found and decided: the report less the run's own figures (output,
// timings, cache), which is also what the cache keeps of a book.
json findings_json(const BuildResult& result) {
  const Book& book = result.book;
  json chapters = json::array();
  for (size_t i = 0; i < book.chapters.size(); ++i) {
    const Chapter& c = book.chapters[i];
    json repairs = json::array();
    for (const Repair& r : c.repairs) {
      repairs.push_back({{"rule", r.rule},
                         {"file", r.file},
                         {"line", r.line},
                         {"before", r.before},
                         {"after", r.after}});
    }
    chapters.push_back({{"position", i + 1},
                        {"title", c.title},
                        {"number", c.number ? json(*c.number) : json(nullptr)},
                        {"volume", c.volume},
                        {"sources", c.sources},
                        {"paragraphs", c.released ? c.released->paragraphs
                                      : c.packed   ? c.packed->count
                                                   : c.paragraphs.size()},
                        {"characters", c.released ? c.released->characters : count_characters(c)},
                        {"script", c.script},
                        {"conversion", c.conversion},
                        {"repairs", repairs}});
  }
  json sources = json::array();
  for (const auto& [path, encoding] : result.sources)
    sources.push_back({{"path", path}, {"encoding", encoding}});
  json warnings = json::array();
  for (const Diagnostic& d : all_warnings(book)) warnings.push_back(diagnostic_json(d));
  json report = {{"schema", "novelbind-report"},
                 {"version", kReportVersion},
                 {"novelbind", NOVELBIND_VERSION},
                 {"book",
                  {{"title", book.meta.title},
                   {"author", book.meta.author},
                   {"language", book.meta.language},
                   {"identifier", book.meta.identifier},
                   {"script", result.script_target}}},
                 {"sources", sources},
                 {"rules", repair_counts(book)},
                 {"chapters", chapters},
                 {"warnings", warnings}};
  return report;
}

}  // namespace

std::string report_json(const BuildResult& result) {
  json report = result.reused_report.empty() ? findings_json(result)
                                             : json::parse(result.reused_report, nullptr, false);
  json timings = json::array();
  for (const StageTiming& t : result.timings)
    timings.push_back({{"stage", t.stage}, {"seconds", t.seconds}});
  report["output"] = result.output.string();
  report["timings"] = timings;
  report["cache"] = {{"enabled", result.cache.enabled},
                     {"book_reused", result.cache.book_reused},
                     {"hits", result.cache.hits},
                     {"misses", result.cache.misses},
                     {"corrupt", result.cache.corrupt},
                     {"files_reused", result.cache.files_reused},
                     {"files_rebuilt", result.cache.files_rebuilt}};
  return report.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

Result<Book> book_from_report(std::string_view text) {
  json report = json::parse(text, nullptr, false);
  if (report.is_discarded() || report.value("schema", "") != "novelbind-report" ||
      report.value("version", 0) != kReportVersion)
    return Status::Error("not a novelbind report of version " + std::to_string(kReportVersion));
  try {
    Book book;
    const json& meta = report.at("book");
    book.meta.title = meta.at("title");
    book.meta.author = meta.at("author");
    book.meta.language = meta.at("language");
    book.meta.identifier = meta.at("identifier");
    for (const json& c : report.at("chapters")) {
      Chapter chapter;
      chapter.title = c.at("title");
      if (!c.at("number").is_null()) chapter.number = c.at("number").get<long long>();
      chapter.volume = c.at("volume");
      chapter.sources = c.at("sources").get<std::vector<std::string>>();
      chapter.script = c.at("script");
      chapter.conversion = c.at("conversion");
      for (const json& r : c.at("repairs"))
        chapter.repairs.push_back(
            {r.at("rule"), r.at("file"), r.at("line"), r.at("before"), r.at("after")});
      book.chapters.push_back(std::move(chapter));
    }
    for (const json& w : report.at("warnings"))
      book.warnings.push_back({w.at("rule"), w.at("file"), w.at("line"), w.at("message")});
    return book;
  } catch (const json::exception& e) {
    return Status::Error(std::string("damaged novelbind report: ") + e.what());
  }
}

Status write_report(const std::filesystem::path& path, const BuildResult& result) {
  std::string text = report_json(result);
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) {
    return Status::Error(path.string() +
                         ": cannot write the report; check that the folder exists "
                         "and is writable");
  }
  return Status::Ok();
}

}  // namespace novelbind

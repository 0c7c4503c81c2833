#include "cli/report.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cache/binary_io.h"

namespace novelbind {

namespace {

int start_line(const Chapter& c) {
  if (c.heading_line > 0) return c.heading_line;
  for (const Paragraph& p : c.paragraphs)
    if (p.line > 0) return p.line;
  return 0;
}

bool about_whole_file(const Diagnostic& d) {
  return d.rule == "encoding" || d.rule == "invisible_characters";
}

}  // namespace

std::map<std::string, int> chapter_start_lines(const Book& book) {
  std::map<std::string, int> chapters;  // per file
  std::map<std::string, int> starts;
  for (const Chapter& c : book.chapters) {
    if (c.sources.empty()) continue;
    if (++chapters[c.sources[0]] == 1)
      starts[c.sources[0]] = start_line(c);
    else
      starts.erase(c.sources[0]);  // several chapters: which one a warning means is unknown
  }
  std::erase_if(starts, [](const auto& s) { return s.second == 0; });
  return starts;
}

void locate_warnings(Book& book, const std::map<std::string, int>& starts) {
  auto locate = [&](Diagnostic& d, int line) {
    if (d.line != 0 || about_whole_file(d)) return;
    if (line == 0) {
      auto found = starts.find(d.file);
      if (found != starts.end()) line = found->second;
    }
    d.line = line;
  };
  for (Chapter& c : book.chapters)
    for (Diagnostic& d : c.warnings)
      locate(d, !c.sources.empty() && d.file == c.sources[0] ? start_line(c) : 0);
  for (Diagnostic& d : book.warnings) locate(d, 0);
}

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
          {"paragraphs", c.released ? c.released->paragraphs
                         : c.packed ? c.packed->count
                                    : c.paragraphs.size()},
          {"characters", c.released ? c.released->characters : count_characters(c)},
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

namespace {
constexpr std::string_view kFindingsMagic = "novelbind-findings-2";
}

std::string findings_record(const BuildResult& result) {
  Writer w;
  w.put(kFindingsMagic);
  const Metadata& m = result.book.meta;
  for (const std::string* s : {&m.title, &m.author, &m.language, &m.identifier, &m.description,
                               &m.publisher, &m.series, &m.series_index, &m.date, &m.cover})
    w.put(*s);
  w.put(m.subjects);
  w.put<std::int64_t>(m.modified);
  w.put(result.script_target);
  const StructureSummary& structure = result.book.structure;
  for (const std::string* s : {&structure.chapters, &structure.volumes, &structure.evidence})
    w.put(*s);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(result.sources.size()));
  for (const auto& [path, encoding] : result.sources) {
    w.put(path);
    w.put(encoding);
  }
  w.put<std::uint32_t>(static_cast<std::uint32_t>(result.book.chapters.size()));
  for (const Chapter& c : result.book.chapters) {
    w.put(c.title);
    put_number(w, c.number);
    w.put(c.volume);
    w.put(c.sources);
    w.put<std::uint64_t>(c.released ? c.released->paragraphs : c.paragraphs.size());
    w.put<std::uint64_t>(c.released ? c.released->characters : count_characters(c));
    w.put(c.script);
    w.put(c.conversion);
    put_repairs(w, c.repairs);
    put_diagnostics(w, c.warnings);
  }
  put_diagnostics(w, result.book.warnings);
  return w.take();
}

bool read_findings(std::string_view record, BuildResult* result) {
  Reader r(record);
  if (r.str() != kFindingsMagic || !r.ok()) return false;
  Book book;
  Metadata& m = book.meta;
  for (std::string* s : {&m.title, &m.author, &m.language, &m.identifier, &m.description,
                         &m.publisher, &m.series, &m.series_index, &m.date, &m.cover})
    *s = r.str();
  m.subjects = r.strings();
  m.modified = r.get<std::int64_t>();
  std::string script_target = r.str();
  for (std::string* s :
       {&book.structure.chapters, &book.structure.volumes, &book.structure.evidence})
    *s = r.str();
  std::vector<std::pair<std::string, std::string>> sources(r.count(8));
  for (auto& [path, encoding] : sources) {
    path = r.str();
    encoding = r.str();
  }
  book.chapters.resize(r.count(32));
  for (Chapter& c : book.chapters) {
    c.title = r.str();
    c.number = get_number(r);
    c.volume = r.str();
    c.sources = r.strings();
    Chapter::ReleasedText text;
    text.paragraphs = r.get<std::uint64_t>();
    text.characters = r.get<std::uint64_t>();
    c.released = text;
    c.script = r.str();
    c.conversion = r.str();
    c.repairs = get_repairs(r);
    c.warnings = get_diagnostics(r);
  }
  book.warnings = get_diagnostics(r);
  if (!r.ok() || !r.at_end()) return false;
  result->book = std::move(book);
  result->script_target = std::move(script_target);
  result->sources = std::move(sources);
  return true;
}

}  // namespace novelbind

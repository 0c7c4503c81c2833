#include "pipeline/findings_record.h"

#include "cache/record_io.h"

namespace novelbind {

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
    w.put<std::uint64_t>(c.paragraphs.size());
    w.put<std::uint64_t>(c.paragraphs.characters());
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
    std::size_t paragraphs = r.get<std::uint64_t>();
    c.paragraphs = ChapterText::released(paragraphs, r.get<std::uint64_t>());
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

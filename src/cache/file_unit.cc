#include "cache/file_unit.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cache/build_cache.h"
#include "cache/record_io.h"

namespace novelbind {
namespace {

constexpr std::string_view kUnitMagic = "novelbind-unit-9";

void put_chapter(Writer& w, const Chapter& c) {
  w.put(c.title);
  w.put(c.heading);
  put_number(w, c.number);
  w.put(c.sources);
  w.put<std::int32_t>(c.heading_line);
  w.put<std::int32_t>(c.part);
  w.put(c.volume);
  w.put<std::int32_t>(c.folder);
  w.put<std::uint8_t>(c.front_matter);
  w.put<std::uint8_t>(c.back_matter);
  // The paragraphs as one block that a reader can keep packed: its size, what the book-wide
  // steps need to know of it, then the paragraphs, then where each paragraph starts in the
  // block (u32 each), so that a look at a chapter's last paragraphs goes straight to them.
  Writer block;
  std::vector<std::uint32_t> starts;
  starts.reserve(c.paragraphs.size());
  std::size_t at = 0;
  for (const Paragraph& p : c.paragraphs) {
    starts.push_back(static_cast<std::uint32_t>(at));
    block.put(p.text);
    block.put<std::int32_t>(p.line);
    block.put<std::uint8_t>(p.scene_break);
    at += 4 + p.text.size() + 4 + 1;
  }
  for (std::uint32_t start : starts) block.put(start);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(c.paragraphs.size()));
  w.put<std::uint64_t>(count_characters(c));
  w.put<std::uint8_t>(has_text(c));
  w.put(c.paragraphs.key().empty() ? paragraphs_key(c.paragraphs.all()) : c.paragraphs.key());
  w.put(block.take());
  w.put(c.script);
  w.put(c.conversion);
  put_repairs(w, c.repairs);
  put_diagnostics(w, c.warnings);
  const std::optional<ChapterPrints>& prints = c.paragraphs.prints();
  w.put<std::uint8_t>(prints.has_value());
  if (prints) {
    w.put(prints->prints);
    w.put(prints->lengths);
    w.put<std::uint64_t>(prints->length);
  }
}

// A paragraph's bytes: its text's size, its text, its line and its scene break; and its start
// in the table after the paragraphs.
constexpr std::size_t kMinPackedParagraph = 4 + 4 + 1 + 4;

// One paragraph of the block serialize_unit writes.
void get_paragraph(Reader& r, Paragraph& p) {
  p.text = r.str();
  p.line = r.get<std::int32_t>();
  p.scene_break = r.get<std::uint8_t>();
}

// The paragraphs of the block serialize_unit writes.
std::vector<Paragraph> unpack_block(std::string_view bytes, std::size_t count) {
  Reader r(bytes);
  // parse_unit bounded the count by the bytes; a short block still stops at its end.
  std::vector<Paragraph> paragraphs(
      std::min<std::size_t>(count, bytes.size() / kMinPackedParagraph));
  for (Paragraph& p : paragraphs) {
    get_paragraph(r, p);
    if (!r.ok()) break;
  }
  return paragraphs;
}

// The first `head` and the last `tail` of those paragraphs, read where the block's table of
// starts says they are; the others are not looked at. (A start outside the paragraphs, which
// only damage makes, is read as the end: the reader stops there.)
TextEdges unpack_edges(std::string_view bytes, std::size_t count, std::size_t head,
                       std::size_t tail) {
  const std::size_t n = std::min<std::size_t>(count, bytes.size() / kMinPackedParagraph);
  head = std::min(head, n);
  tail = std::min(tail, n - head);
  std::vector<Paragraph> first(head), last(tail);
  const std::string_view paragraphs = bytes.substr(0, bytes.size() - 4 * n);
  Reader r(paragraphs);
  for (std::size_t i = 0; i < head && r.ok(); ++i) get_paragraph(r, first[i]);
  if (tail > 0) {
    std::uint32_t start;
    std::memcpy(&start, bytes.data() + paragraphs.size() + 4 * (n - tail), 4);
    Reader t(paragraphs.substr(std::min<std::size_t>(start, paragraphs.size())));
    for (std::size_t i = 0; i < tail && t.ok(); ++i) get_paragraph(t, last[i]);
  }
  return TextEdges(std::move(first), std::move(last), n);
}

Chapter get_chapter(Reader& r, const std::shared_ptr<const void>& owner) {
  Chapter c;
  c.title = r.str();
  c.heading = r.str();
  c.number = get_number(r);
  c.sources = r.strings();
  c.heading_line = r.get<std::int32_t>();
  c.part = r.get<std::int32_t>();
  c.volume = r.str();
  c.folder = r.get<std::int32_t>();
  c.front_matter = r.get<std::uint8_t>();
  c.back_matter = r.get<std::uint8_t>();
  ChapterText::Stored packed;
  packed.count = r.get<std::uint32_t>();
  packed.characters = r.get<std::uint64_t>();
  packed.has_text = r.get<std::uint8_t>();
  std::string key = r.str();
  std::string_view bytes = r.view();
  // Each paragraph takes at least 9 bytes (text length, line, scene break): a count the
  // bytes cannot hold is a damaged record, never 2^32 paragraphs allocated.
  if (packed.count > bytes.size() / kMinPackedParagraph) {
    packed.count = 0;
    r.fail();
  }
  if (owner) {
    packed.bytes = bytes.size();
    packed.read = [owner, bytes, count = packed.count] { return unpack_block(bytes, count); };
    packed.read_edges = [owner, bytes, count = packed.count](std::size_t head, std::size_t tail) {
      return unpack_edges(bytes, count, head, tail);
    };
    c.paragraphs = ChapterText::stored(std::move(packed));
  } else if (r.ok()) {
    c.paragraphs = unpack_block(bytes, packed.count);
  }
  c.paragraphs.set_key(std::move(key));
  c.script = r.str();
  c.conversion = r.str();
  c.repairs = get_repairs(r);
  c.warnings = get_diagnostics(r);
  if (r.get<std::uint8_t>()) {
    ChapterPrints p;
    p.prints = r.numbers<std::uint64_t>();
    p.lengths = r.numbers<std::uint32_t>();
    p.length = r.get<std::uint64_t>();
    c.paragraphs.set_prints(std::move(p));
  }
  return c;
}

}  // namespace

std::string serialize_unit(const FileUnit& unit) {
  Writer w;
  w.put(kUnitMagic);
  w.put(unit.encoding);
  w.put(unit.plan);
  w.put(unit.answers);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(unit.chapters.size()));
  for (size_t i = 0; i < unit.chapters.size(); ++i) {
    put_chapter(w, unit.chapters[i]);
    ScriptCounts counts = i < unit.counts.size() ? unit.counts[i] : ScriptCounts{};
    w.put<std::uint64_t>(counts.simplified_only);
    w.put<std::uint64_t>(counts.traditional_only);
    w.put<std::uint32_t>(static_cast<std::uint32_t>(counts.usage.size()));
    for (const auto& [cp, n] : counts.usage) {
      w.put<std::uint32_t>(cp);
      w.put<std::uint32_t>(n);
    }
  }
  w.put(unit.evidence.serialize());
  w.put(unit.questions.serialize());
  w.put(unit.structure);
  w.put<std::uint64_t>(unit.candidates.chars);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(unit.candidates.lines.size()));
  for (const HeadingCandidate& c : unit.candidates.lines) {
    w.put<std::int32_t>(c.line);
    w.put<std::uint64_t>(c.before);
    w.put<std::uint32_t>(c.length);
    w.put(c.text);
    w.put<std::uint8_t>(c.blanks);
    w.put<std::uint8_t>(c.after_end);
    w.put<std::uint8_t>(c.past_end);
    w.put<std::uint8_t>(c.listing);
  }
  w.put<std::uint8_t>(unit.candidates.usual_blanks);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(unit.candidates.breaks.size()));
  for (const BlankBreak& b : unit.candidates.breaks) {
    w.put<std::int32_t>(b.line);
    w.put<std::uint64_t>(b.before);
    w.put<std::uint8_t>(b.blanks);
  }
  w.put<std::uint32_t>(unit.candidates.note_marks);
  return w.take();
}

std::optional<FileUnit> parse_unit(std::string_view bytes, std::shared_ptr<const void> owner) {
  Reader r(bytes);
  if (r.str() != kUnitMagic || !r.ok()) return std::nullopt;
  FileUnit unit;
  unit.encoding = r.str();
  unit.plan = r.str();
  unit.answers = r.str();
  std::size_t chapters = r.count(32);
  unit.chapters.reserve(chapters);
  unit.counts.reserve(chapters);
  for (std::size_t i = 0; i < chapters && r.ok(); ++i) {
    unit.chapters.push_back(get_chapter(r, owner));
    ScriptCounts counts;
    counts.simplified_only = r.get<std::uint64_t>();
    counts.traditional_only = r.get<std::uint64_t>();
    const std::size_t uses = r.count(8);
    counts.usage.reserve(uses);
    for (std::size_t k = 0; k < uses; ++k) {
      char32_t cp = r.get<std::uint32_t>();
      counts.usage.emplace_back(cp, r.get<std::uint32_t>());
    }
    unit.counts.push_back(std::move(counts));
  }
  auto evidence = FileEvidence::parse(r.view());  // (parsed from the mapped bytes, not a copy)
  auto questions = CleanQuestions::parse(r.view());
  if (!evidence || !questions) return std::nullopt;
  unit.evidence = std::move(*evidence);
  unit.questions = std::move(*questions);
  unit.structure = r.str();
  unit.candidates.chars = r.get<std::uint64_t>();
  for (std::size_t i = 0, n = r.count(21); i < n && r.ok(); ++i) {
    HeadingCandidate c;
    c.line = r.get<std::int32_t>();
    c.before = r.get<std::uint64_t>();
    c.length = r.get<std::uint32_t>();
    c.text = r.str();
    c.blanks = r.get<std::uint8_t>();
    c.after_end = r.get<std::uint8_t>() != 0;
    c.past_end = r.get<std::uint8_t>() != 0;
    c.listing = r.get<std::uint8_t>();
    unit.candidates.lines.push_back(std::move(c));
  }
  unit.candidates.usual_blanks = r.get<std::uint8_t>();
  for (std::size_t i = 0, n = r.count(13); i < n && r.ok(); ++i) {
    BlankBreak b;
    b.line = r.get<std::int32_t>();
    b.before = r.get<std::uint64_t>();
    b.blanks = r.get<std::uint8_t>();
    unit.candidates.breaks.push_back(b);
  }
  unit.candidates.note_marks = r.get<std::uint32_t>();
  if (!r.ok() || !r.at_end()) return std::nullopt;
  return unit;
}

std::string paragraphs_key(const std::vector<Paragraph>& paragraphs) {
  ContentHash key;
  key.add("paragraphs-v1");
  for (const Paragraph& p : paragraphs)
    key.add(p.text).add(static_cast<std::int64_t>(p.scene_break));
  return key.hex();
}

void respell_unit(FileUnit& unit, const std::string& after) {
  if (unit.chapters.empty() || unit.chapters.front().sources.empty()) return;
  const std::string before = unit.chapters.front().sources.front();
  if (before == after) return;
  auto respell = [&](std::string& name) {
    if (name == before) name = after;
  };
  for (Chapter& c : unit.chapters) {
    for (std::string& s : c.sources) respell(s);
    for (Repair& r : c.repairs) respell(r.file);
    for (Diagnostic& d : c.warnings) respell(d.file);
  }
}

}  // namespace novelbind

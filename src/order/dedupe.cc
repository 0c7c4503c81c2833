#include "order/dedupe.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <map>
#include <memory>

#include "base/cjk_text.h"
#include "base/parallel.h"
#include "base/utf8.h"
#include "convert/script_detect.h"
#include "ingest/book_header.h"

namespace novelbind {
namespace {

// Paragraphs shorter than this (folded) say too little to identify a chapter: “是。”
constexpr std::uint32_t kMinParagraph = 5;
// A paragraph found in more chapters than this is a site notice or a refrain, not evidence.
constexpr std::size_t kMaxOwners = 8;
// Less folded text than this is not enough to call a chapter a repeat.
constexpr std::size_t kMinEvidence = 50;
constexpr double kRepeatShare = 0.95;
// A repeat whose host is this much longer is reported as contained in it.
constexpr double kLongerBy = 1.1;

// The script detector, whose TSCharacters give t2s of one character (loaded once per process,
// shared with the script measure).
const ScriptDetector* detector() {
  static const ScriptDetector* loaded = [] {
    const Result<ScriptDetector>& d = script_detector("");
    if (d) return &d.value();
    spdlog::error(
        "OpenCC's TSCharacters could not be loaded ({}); duplicate chapters are only found "
        "within one script. Check the OpenCC installation.",
        d.message());
    return static_cast<const ScriptDetector*>(nullptr);
  }();
  return loaded;
}

constexpr char32_t kUnknown = 0xFFFFFFFF;  // TextFolder table: not worked out yet
constexpr char32_t kIgnored = 0;           // TextFolder table: dropped when folding

bool is_ideograph_or_supplementary(char32_t cp) {
  return (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
         (cp >= 0xF900 && cp <= 0xFAFF) || cp >= 0x20000;
}

// Punctuation, quotes, symbols and spaces: what differs between two copies of one text.
bool is_ignorable(char32_t cp) {
  if (cp < 0x80)
    return !((cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'));
  return (cp >= 0x80 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 ||
         (cp >= 0x2000 && cp <= 0x206F) ||  // general punctuation: “” ‘’ … — and spaces
         (cp >= 0x2190 && cp <= 0x27BF) ||  // arrows, shapes, box drawing, dingbats
         (cp >= 0x2E00 && cp <= 0x2E7F) || (cp >= 0x3000 && cp <= 0x3004) ||
         (cp >= 0x3008 && cp <= 0x3020) ||  // 〈〉《》「」『』【】〔〕〖〗〜
         cp == 0x3030 || cp == 0x303D || cp == 0x30FB || (cp >= 0xFE10 && cp <= 0xFE6F) ||
         (cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) ||
         (cp >= 0xFF3B && cp <= 0xFF40) || (cp >= 0xFF5B && cp <= 0xFF65) ||
         (cp >= 0xFFE0 && cp <= 0xFFEF) || cp == 0xFEFF;
}

}  // namespace

std::string chapter_location(const Chapter& c) {
  std::string out = c.sources.empty() ? std::string("(unnamed)") : c.sources.front();
  if (c.heading_line > 0) {
    out += ':';
    out += std::to_string(c.heading_line);
  }
  return out;
}

TextFolder::TextFolder() : bmp_(0x10000, kUnknown) {}

char32_t TextFolder::simplified(char32_t cp) {
  if (!is_ideograph_or_supplementary(cp)) return cp;
  const ScriptDetector* d = detector();
  return d ? d->to_simplified(cp) : cp;
}

char32_t TextFolder::folded(char32_t cp) {
  if (cp >= 0xFF10 && cp <= 0xFF5A) cp -= 0xFEE0;  // full-width digits and letters
  if (is_ignorable(cp)) return kIgnored;
  if (cp >= 'A' && cp <= 'Z') cp += 'a' - 'A';
  cp = simplified(cp);
  return cp;
}

template <typename Sink>
void TextFolder::each_folded(std::string_view text, Sink&& sink) {
  for (size_t i = 0; i < text.size();) {
    char32_t cp = utf8::next(text, &i);
    char32_t out;
    if (cp < 0x10000) {
      // Each character is worked out once per folder; afterwards folding is a table lookup.
      char32_t& slot = bmp_[cp];
      if (slot == kUnknown) slot = folded(cp);
      out = slot;
    } else {
      auto it = astral_.find(cp);
      if (it == astral_.end()) it = astral_.emplace(cp, folded(cp)).first;
      out = it->second;
    }
    if (out != kIgnored) sink(out);
  }
}

std::string TextFolder::fold(std::string_view text) {
  std::string out;
  each_folded(text, [&](char32_t cp) { utf8::append(&out, cp); });
  return out;
}

std::uint64_t TextFolder::fingerprint(std::string_view text, std::uint32_t* length) {
  std::uint64_t h = 14695981039346656037ULL;  // FNV-1a over code points
  std::uint32_t n = 0;
  each_folded(text, [&](char32_t cp) {
    h = (h ^ cp) * 1099511628211ULL;
    ++n;
  });
  *length = n;
  return h;
}

ChapterPrints chapter_prints(const Chapter& chapter, TextFolder& folder) {
  if (chapter.paragraphs.prints()) return *chapter.paragraphs.prints();
  ChapterPrints out;
  out.prints.reserve(chapter.paragraphs.size());
  out.lengths.reserve(chapter.paragraphs.size());
  for (const Paragraph& p : chapter.paragraphs) {
    std::uint32_t length = 0;
    out.prints.push_back(folder.fingerprint(p.text, &length));
    out.lengths.push_back(length);
    out.length += length;
  }
  return out;
}

namespace {

// The distinct telling paragraphs of a book (by fingerprint), each with the chapters that hold
// it: an open-addressing table from fingerprint to paragraph number, and the holders of each
// paragraph in chapter order. Flat arrays rather than a map of vectors: a book of 3000
// chapters has some 100,000 such paragraphs, and this runs on every build.
class ParagraphOwners {
 public:
  explicit ParagraphOwners(size_t expected) {
    size_t size = 16;
    while (size < expected * 2) size <<= 1;
    slots_.assign(size, kEmpty);
    mask_ = size - 1;
  }
  // The number of `print`, adding it when new.
  std::uint32_t add(std::uint64_t print) {
    size_t at = slot_of(print);
    if (slots_[at] == kEmpty) {
      slots_[at] = static_cast<std::uint32_t>(keys_.size());
      keys_.push_back(print);
      counts_.push_back(0);
    }
    return slots_[at];
  }
  std::vector<std::uint32_t>& counts() { return counts_; }

  static constexpr std::uint32_t kEmpty = 0xFFFFFFFF;

 private:
  size_t slot_of(std::uint64_t print) const {
    size_t at = static_cast<size_t>((print * 0x9E3779B97F4A7C15ULL) >> 20) & mask_;
    while (slots_[at] != kEmpty && keys_[slots_[at]] != print) at = (at + 1) & mask_;
    return at;
  }

  std::vector<std::uint32_t> slots_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> counts_;  // chapters holding each paragraph
  size_t mask_ = 0;
};

}  // namespace

std::vector<Duplicate> find_duplicates(const std::vector<ChapterPrints>& chapters) {
  const size_t n = chapters.size();
  size_t paragraphs = 0;
  for (const ChapterPrints& c : chapters) paragraphs += c.prints.size();
  // Each chapter's distinct telling paragraphs (as numbers in `owners`), one run per chapter.
  ParagraphOwners owners(paragraphs);
  std::vector<std::uint32_t> telling;
  std::vector<size_t> telling_length;  // parallel: the paragraph's characters in the chapter
  std::vector<size_t> telling_start(n + 1, 0);
  std::vector<std::pair<std::uint64_t, std::uint32_t>> mine;  // (print, length)
  for (size_t i = 0; i < n; ++i) {
    const ChapterPrints& c = chapters[i];
    mine.clear();
    for (size_t k = 0; k < c.prints.size(); ++k)
      if (c.lengths[k] >= kMinParagraph) mine.emplace_back(c.prints[k], c.lengths[k]);
    std::sort(mine.begin(), mine.end());
    for (size_t k = 0; k < mine.size(); ++k) {
      if (k > 0 && mine[k].first == mine[k - 1].first) {  // again in the same chapter
        telling_length.back() += mine[k].second;
        continue;
      }
      std::uint32_t p = owners.add(mine[k].first);
      telling.push_back(p);
      telling_length.push_back(mine[k].second);
      ++owners.counts()[p];
    }
    telling_start[i + 1] = telling.size();
  }
  const std::vector<std::uint32_t>& counts = owners.counts();
  // The holders of each paragraph, in chapter order.
  std::vector<size_t> holder_start(counts.size() + 1, 0);
  for (size_t p = 0; p < counts.size(); ++p) holder_start[p + 1] = holder_start[p] + counts[p];
  std::vector<std::uint32_t> holders(holder_start.back());
  {
    std::vector<size_t> fill(holder_start.begin(), holder_start.end() - 1);
    for (size_t i = 0; i < n; ++i)
      for (size_t t = telling_start[i]; t < telling_start[i + 1]; ++t)
        holders[fill[telling[t]]++] = static_cast<std::uint32_t>(i);
  }
  std::vector<size_t> evidence(n, 0);
  for (size_t i = 0; i < n; ++i) {
    for (size_t t = telling_start[i]; t < telling_start[i + 1]; ++t)
      if (counts[telling[t]] <= kMaxOwners) evidence[i] += telling_length[t];
  }

  // For every chapter, the chapters holding at least kRepeatShare of its telling paragraphs.
  struct Host {
    size_t chapter, shared, total;
  };
  std::vector<std::vector<Host>> hosts(n);
  // In blocks of chapters on every core, each block with counters of its own.
  const size_t blocks = std::min<size_t>(n, 16);
  parallel_for(blocks, 0, [&](size_t b) {
    std::vector<size_t> count(n, 0);
    std::vector<std::uint32_t> touched;
    for (size_t i = n * b / blocks; i < n * (b + 1) / blocks; ++i) {
      if (evidence[i] < kMinEvidence) continue;
      size_t total = 0;
      touched.clear();
      for (size_t t = telling_start[i]; t < telling_start[i + 1]; ++t) {
        std::uint32_t p = telling[t];
        if (counts[p] > kMaxOwners) continue;
        ++total;
        for (size_t h = holder_start[p]; h < holder_start[p + 1]; ++h) {
          std::uint32_t j = holders[h];
          if (j == i) continue;
          if (count[j]++ == 0) touched.push_back(j);
        }
      }
      for (std::uint32_t j : touched) {
        if (total > 0 && count[j] >= kRepeatShare * static_cast<double>(total))
          hosts[i].push_back({j, count[j], total});
        count[j] = 0;
      }
      std::sort(hosts[i].begin(), hosts[i].end(), [&](const Host& x, const Host& y) {
        if (x.shared != y.shared) return x.shared > y.shared;
        return chapters[x.chapter].length > chapters[y.chapter].length;
      });
    }
  });

  // Shorter chapters go first, so that of two repeats the longer one stays; between equals
  // the later one goes.
  std::vector<size_t> by_length(n);
  for (size_t i = 0; i < n; ++i) by_length[i] = i;
  std::sort(by_length.begin(), by_length.end(), [&](size_t a, size_t b) {
    if (chapters[a].length != chapters[b].length) return chapters[a].length < chapters[b].length;
    return a > b;
  });
  std::vector<bool> dropped(n, false);
  std::vector<Duplicate> out;
  for (size_t i : by_length) {
    for (const Host& host : hosts[i]) {
      if (dropped[host.chapter]) continue;
      Duplicate d;
      d.dropped = i;
      d.kept = host.chapter;
      d.shared = host.shared;
      d.total = host.total;
      // Part of a clearly longer chapter rather than a copy of one of its own size.
      d.contained = static_cast<double>(chapters[host.chapter].length) >
                    kLongerBy * static_cast<double>(chapters[i].length);
      dropped[i] = true;
      out.push_back(d);
      break;
    }
  }
  std::sort(out.begin(), out.end(),
            [](const Duplicate& a, const Duplicate& b) { return a.dropped < b.dropped; });
  return out;
}

void erase_marked(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                  const std::vector<bool>& drop) {
  size_t w = 0;
  for (size_t r = 0; r < chapters.size(); ++r) {
    if (drop[r]) continue;
    if (w != r) {
      chapters[w] = std::move(chapters[r]);
      prints[w] = std::move(prints[r]);
    }
    ++w;
  }
  chapters.resize(w);
  prints.resize(w);
}

void remove_repeated_front_matter(std::vector<Chapter>& chapters,
                                  std::vector<ChapterPrints>& prints,
                                  std::vector<Diagnostic>* warnings,
                                  const std::vector<std::string>* titles) {
  // Whether chapter i's text is the book's title alone (乱世群英传, 《乱世群英传》), or with its
  // byline (乱世群英传 周九 著, or 周九 著 on a line of its own), or a short line that holds it
  // (落第书生/周九).
  auto title_alone = [&](size_t i) {
    if (!titles || titles->empty()) return false;
    auto is_title = [&](std::string_view t) {
      return std::find(titles->begin(), titles->end(), std::string(t)) != titles->end();
    };
    // A short line that holds the title, and no sentence (落第书生/周九, 落第书生（周九）).
    auto names_title = [&](std::string_view t) {
      constexpr std::size_t kBeside = 12;
      if (has_sentence_punctuation(t)) return false;
      for (const std::string& title : *titles)
        if (!title.empty() && t.find(title) != std::string_view::npos &&
            utf8::length(t) <= utf8::length(title) + kBeside)
          return true;
      return false;
    };
    const std::vector<Paragraph>& ps = chapters[i].paragraphs.all();
    bool any = false;
    for (const Paragraph& p : ps) {
      if (p.scene_break) continue;
      std::string_view t = utf8::trim(p.text);
      if (t.empty()) continue;
      if (t.starts_with("《") && t.ends_with("》"))
        t = t.substr(std::string_view("《").size(), t.size() - 2 * std::string_view("《").size());
      NameMetadata named = metadata_from_name(t);
      if (is_title(t) || (!named.author.empty() && is_title(named.title)) || names_title(t)) {
        any = true;
        continue;
      }
      if (!byline_name(t)) return false;
    }
    return any;
  };
  std::map<std::vector<std::uint64_t>, size_t> first;
  std::map<size_t, std::vector<std::string>> repeats;
  std::vector<bool> drop(chapters.size(), false);
  for (size_t i = 0; i < chapters.size(); ++i) {
    if (!chapters[i].front_matter) continue;
    std::vector<std::uint64_t> key;
    for (size_t k = 0; k < prints[i].prints.size(); ++k)
      if (prints[i].lengths[k] > 0) key.push_back(prints[i].prints[k]);
    if (key.empty()) continue;
    auto [it, added] = first.emplace(std::move(key), i);
    if (added) continue;
    drop[i] = true;
    repeats[it->second].push_back(chapters[i].sources.empty() ? "" : chapters[i].sources[0]);
  }
  if (repeats.empty()) return;
  for (const auto& [kept, files] : repeats) {
    std::string list;
    for (size_t k = 0; k < files.size() && k < 3; ++k) list += (k ? ", " : "") + files[k];
    if (files.size() > 3) list += " and " + std::to_string(files.size() - 3) + " more";
    const Chapter& c = chapters[kept];
    if (title_alone(kept)) {
      drop[kept] = true;
      warnings->push_back(Diagnostic{
          "repeated_front_matter", c.sources.empty() ? "" : c.sources[0], 0,
          "the book's title (or its title and byline) alone stands before the first heading of "
          "this file and of " +
              std::to_string(files.size()) + " other file(s) (" + list +
              "): a running header, left out of the book"});
      continue;
    }
    warnings->push_back(Diagnostic{
        "repeated_front_matter", c.sources.empty() ? "" : c.sources[0], 0,
        "the text before the first heading of this file is repeated before the first heading "
        "of " +
            std::to_string(files.size()) + " other file(s) (" + list + "); kept it once, here"});
  }
  erase_marked(chapters, prints, drop);
}

void remove_duplicates(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                       std::vector<Diagnostic>* warnings) {
  std::vector<Duplicate> duplicates = find_duplicates(prints);
  if (duplicates.empty()) return;
  std::vector<bool> drop(chapters.size(), false);
  // The title page of a volume (its text before its first chapter) may repeat another
  // volume's: the same dedication in every book of a series is no scraped repeat.
  auto title_page = [](const Chapter& c) { return !c.volume.empty() && c.heading == c.volume; };
  for (const Duplicate& d : duplicates) {
    const Chapter& gone = chapters[d.dropped];
    const Chapter& kept = chapters[d.kept];
    if (title_page(gone) && title_page(kept) && gone.volume != kept.volume) continue;
    std::string evidence = std::to_string(d.shared) + " of its " + std::to_string(d.total) +
                           " paragraphs match after folding script, quotes and punctuation";
    std::string message =
        d.contained ? "this chapter is contained in the longer chapter " + chapter_location(kept) +
                          " (" + evidence + "); dropped it in favour of " + chapter_location(kept)
                    : "this chapter repeats " + chapter_location(kept) + " (" + evidence +
                          "); dropped it, keeping " + chapter_location(kept);
    warnings->push_back(Diagnostic{"duplicate_chapter", gone.sources.empty() ? "" : gone.sources[0],
                                   gone.heading_line, message});
    drop[d.dropped] = true;
  }
  erase_marked(chapters, prints, drop);
}

}  // namespace novelbind

// Reads a file or folder name written in pinyin (`hongloumeng.txt`, `sanguo`) as the title the
// book spells in characters: the run of Han characters, used in the book's own text, whose
// toneless Mandarin reading is the name (红楼梦, 三国).
//
// The readings come from data/pinyin.txt (Unicode's Unihan database, see
// scripts/make-pinyin-table); a character with several readings (行 xing/hang/heng) matches
// by any of them. The text is the evidence: a name the text never spells gives no title.
#pragma once

#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "book.h"

namespace novelbind {

// The syllables' characters: `table` holds lines `SYLLABLE<TAB>CHARACTERS` ('#' comments).
// Characters outside the Basic Multilingual Plane have no reading.
class PinyinReadings {
 public:
  explicit PinyinReadings(std::string_view table);
  // The table compiled into novelbind (data/pinyin.txt).
  static const PinyinReadings& builtin();

  // The toneless readings of `cp` (ü written v), as indexes into syllables(); empty for a
  // character the table lacks.
  std::span<const std::uint16_t> of(char32_t cp) const;
  const std::vector<std::string>& syllables() const { return syllables_; }

 private:
  std::vector<std::string> syllables_;
  std::vector<std::uint32_t> first_;  // per BMP code point, its first entry in ids_ (+1 sentinel)
  std::vector<std::uint16_t> ids_;
};

// `name` as the letters of a pinyin spelling: lower case, without the separators people put
// between syllables (`Hong-Lou_Meng`, `xi'an`, `hong lou meng`); empty when it holds anything
// but ASCII letters and those separators.
std::string pinyin_letters(std::string_view name);
// Whether `letters` (pinyin_letters) is a run of the table's syllables: hongloumeng is, book
// and seeds are not.
bool spelled_by_syllables(std::string_view letters, const PinyinReadings& readings);

// Whether a file's `name` in pinyin spells `line`, a short run of Han characters (the spaces
// that set out a title page aside), by their readings in full (tianlongbabu, 天龙八部) or by
// their initials, one letter a character (tlbb; only for three characters or more: two letters
// would name too many lines). What a name of ASCII letters says of a book's title line.
bool pinyin_names_line(std::string_view name, std::string_view line,
                       const PinyinReadings& readings = PinyinReadings::builtin());

struct PinyinMatch {
  std::string title;  // the run of Han characters
  int uses = 0;       // how often the text has it
};

// Counts, over the texts scanned, each run of two or more Han characters whose readings spell
// `letters` (pinyin_letters; `u` also stands for ü), and takes the one used most, one the
// text puts in `《…》` before any other (on a tie, the one found first). A name that happens to
// spell common words (`data` 大太, `demo` 的没) must not become a title, so the run found is
// evidence only when it is used as a title in `《…》`, or
//  - used twice or more,
//  - at least twice as often as its characters would meet by chance (their frequencies in the
//    text), which a particle and its neighbour (的没) are not, and
//  - not nearly always the part of one longer word (大太 of 大太太): no one character follows it
//    or precedes it in more than 3 of 4 uses.
// Otherwise, or when no run spells it, there is no title.
class PinyinTitleFinder {
 public:
  PinyinTitleFinder(std::string letters, const PinyinReadings& readings);
  void scan(std::string_view text);
  // Takes in what `later` found in the texts that follow this one's (a copy of this finder
  // made before either scanned): the same as if this one had scanned them too.
  void add(const PinyinTitleFinder& later);
  std::optional<PinyinMatch> best() const;

 private:
  void follow(std::string_view text, size_t at, size_t spelled, std::vector<size_t>* ends) const;
  struct Run;
  bool is_evidence(const Run& run) const;

  std::string letters_;
  const PinyinReadings& readings_;
  std::bitset<0x10000> starts_;        // characters with a reading that starts letters_
  std::vector<std::uint32_t> counts_;  // uses of each BMP ideograph in the texts
  std::uint64_t ideographs_ = 0;       // their sum
  struct Run {
    std::string text;
    int uses = 0;
    int bracketed = 0;                    // uses as `《…》`
    std::vector<char32_t> before, after;  // the ideograph next to each use (0 for none)
  };
  std::vector<Run> runs_;  // in order of first use
};

// The title a pinyin `name` spells in `book`'s chapter titles and text (a chapter whose text
// is still stored elsewhere is read from a copy, and stays stored).
std::optional<PinyinMatch> title_from_pinyin(std::string_view name, const Book& book);

}  // namespace novelbind

// Duplicate chapters: the same text scraped twice, perhaps in the other script, with other
// quotes or punctuation. Chapters are compared by paragraph fingerprints of folded text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "book.h"

namespace novelbind {

// Folds text for comparison: Traditional characters become Simplified (OpenCC's t2s, one
// character at a time, as the script detector's TSCharacters give it: ScriptDetector::
// to_simplified), quotes, punctuation and spaces disappear, full-width Latin letters and digits
// become ASCII, and ASCII is lower-cased. So 「後悔什麼？」 and “后悔什么?” fold to the same
// text. Not thread-safe (it caches each character's fold).
class TextFolder {
 public:
  TextFolder();
  std::string fold(std::string_view text);
  // A 64-bit hash of fold(text) and its length in characters, without building the string.
  std::uint64_t fingerprint(std::string_view text, std::uint32_t* length);

 private:
  template <typename Sink>
  void each_folded(std::string_view text, Sink&& sink);
  char32_t folded(char32_t cp);      // what `cp` folds to; 0 when it is dropped
  char32_t simplified(char32_t cp);  // OpenCC's t2s of one character

  std::vector<char32_t> bmp_;  // folded() of each BMP character, filled as met
  std::unordered_map<char32_t, char32_t> astral_;
};

// chapter.prints when known, else the fingerprints of its paragraphs.
ChapterPrints chapter_prints(const Chapter& chapter, TextFolder& folder);

struct Duplicate {
  std::size_t dropped = 0;  // index of the repeat
  std::size_t kept = 0;     // index of the chapter it repeats
  std::size_t shared = 0;   // paragraphs of `dropped` found in `kept`
  std::size_t total = 0;    // paragraphs of `dropped` that were compared
  bool contained = false;   // `kept` is clearly longer: `dropped` is a part of it
};

// Chapters of which at least 95% of the paragraphs appear in another chapter. Of two chapters
// that repeat each other the shorter goes (the later one when equally long), so a chapter
// wholly contained in a longer one is dropped in favour of the longer one. Very short
// paragraphs, and paragraphs found in many chapters (site notices), are not compared.
std::vector<Duplicate> find_duplicates(const std::vector<ChapterPrints>& chapters);

// "file:line" of a chapter's heading (just "file" without one), for messages.
std::string chapter_location(const Chapter& chapter);

// Removes the chapters find_duplicates names from `chapters` (and `prints`, kept in step),
// with a "duplicate_chapter" warning naming both files for each.
void remove_duplicates(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                       std::vector<Diagnostic>* warnings);

// Erases chapters[i] (and prints[i]) where drop[i], keeping the order of the others.
void erase_marked(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                  const std::vector<bool>& drop);

// Drops front sections (text before a file's first heading) whose text repeats the front
// section of an earlier file, such as a book-name header on every scraped page. The first is
// kept; one "repeated_front_matter" warning on it names the files it was dropped from. When
// the repeated text is nothing but the book's title (`titles`, when given: the first file's
// header gave it), the first goes too: the title over every file is a running header, and
// kept it was a 前言 amid the chapters.
void remove_repeated_front_matter(std::vector<Chapter>& chapters,
                                  std::vector<ChapterPrints>& prints,
                                  std::vector<Diagnostic>* warnings,
                                  const std::vector<std::string>* titles = nullptr);

}  // namespace novelbind

#include "convert/book_language.h"

#include <array>
#include <string>
#include <string_view>

#include "base/cjk_text.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

bool function_word(const std::string& word) {
  static constexpr std::array<std::string_view, 24> kWords = {
      "the", "and", "of",  "to", "a",    "in",  "was", "he", "she", "it", "that", "his",
      "her", "i",   "you", "is", "with", "for", "as",  "on", "had", "at", "but",  "not"};
  for (std::string_view w : kWords)
    if (word == w) return true;
  return false;
}

}  // namespace

bool written_in_english(const std::vector<Chapter>& chapters) {
  constexpr std::size_t kPerChapter = 4 << 10, kSample = 64 << 10;  // bytes
  std::size_t taken = 0, ideographs = 0, letters = 0, words = 0, common = 0;
  std::string word;
  auto end_word = [&] {
    if (word.empty()) return;
    ++words;
    common += function_word(word);
    word.clear();
  };
  for (const Chapter& c : chapters) {
    std::size_t from_chapter = 0;
    for (const Paragraph& p : c.paragraphs) {
      if (taken >= kSample || from_chapter >= kPerChapter) break;
      const std::string_view text = p.text;
      taken += text.size();
      from_chapter += text.size();
      for (std::size_t i = 0, n = 0; i < text.size(); i += n) {
        const char32_t cp = utf8::decode(text, i, &n);
        if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z')) {
          ++letters;
          word.push_back(static_cast<char>(cp | 0x20));
          continue;
        }
        if (cp == '\'' && !word.empty()) continue;  // (don't, he's: one word)
        end_word();
        ideographs += is_ideograph(cp);
      }
      end_word();
    }
    if (taken >= kSample) break;
  }
  return letters >= 200 && ideographs * 100 < letters && words >= 50 && common * 5 >= words;
}

}  // namespace novelbind

// Test-only (never part of novelbind_lib). Small books written from string literals for the tests
// of the heading inference (heading_scheme_test.cc, heading_roles_test.cc, ...).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "base/chinese_number.h"
#include "book.h"
#include "structure/heading.h"
#include "structure/split.h"

namespace novelbind {
namespace scheme_test {

// A paragraph of story long enough to be a chapter's text.
inline std::string story(int n) {
  return "　　他走到窗前，看着远处的山峦，心里想着第" + chinese_numeral(n) +
         "件事情，久久没有说话。夜色渐深，屋里的灯火一盏盏熄灭了，只剩下风声在院子里回荡。\n";
}

inline std::vector<Chapter> split_text(const std::string& text) {
  SourceText source;
  source.path = "book.txt";
  source.text = text;
  auto headings = HeadingRecognizer::create(ChaptersConfig{});
  return split_chapters(source, *headings);
}

inline std::vector<std::string> titles(const std::vector<Chapter>& chapters) {
  std::vector<std::string> out;
  for (const Chapter& c : chapters) out.push_back(c.title);
  return out;
}

// A book of `count` chapters whose headings `heading(i)` writes.
inline std::string book(int count, const std::function<std::string(int)>& heading) {
  std::string text;
  for (int i = 1; i <= count; ++i) text += heading(i) + "\n" + story(i) + story(i + 100);
  return text;
}

}  // namespace scheme_test
}  // namespace novelbind

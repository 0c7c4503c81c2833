// `[clean] keep`: texts the reader has said are the story. A line holding one of them is left
// as it is by every cleaning rule, and a line the split dropped as not story (a heading's echo,
// a contents line, a block saved twice) is put back where it stood. It is what the review page
// (`novelbind clean --html`) offers for each repair a reader finds wrong.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "book.h"

namespace novelbind {

class KeptLines {
 public:
  explicit KeptLines(std::vector<std::string> texts);
  bool empty() const { return texts_.empty(); }
  // Whether `line` holds one of the texts.
  bool keeps(std::string_view line) const;

  // Puts back the kept lines a stage dropped as whole lines (`after` empty, `before` the line
  // as it stood), where they stood; their repairs go.
  void restore_dropped(Chapter& chapter) const;
  // Takes the chapter's kept paragraphs out (into `aside`), after putting back the lines the
  // split dropped that are kept (their repairs go), so that the rules never see them.
  void set_aside(Chapter& chapter, std::vector<Paragraph>* aside) const;
  // Puts `aside` back among `paragraphs` in line order.
  static void put_back(std::vector<Paragraph>& paragraphs, std::vector<Paragraph> aside);

 private:
  std::vector<std::string> texts_;
};

}  // namespace novelbind

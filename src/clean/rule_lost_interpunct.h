// Rule "lost_interpunct": the name separator · lost to '?' or U+FFFD by a bad encoding.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <utility>

#include "clean/clean_rule.h"
#include "clean/interpunct_tally.h"

namespace novelbind {

// A '?' or U+FFFD between two ideographs (毗伽?那仁, 娑葛?答摩) becomes the interpunct the book
// uses (· unless it mostly writes ‧ or ・). U+FFFD there is always a lost character. A '?' is
// kept as a real question (then written ？ by the punctuation rule) when a question particle
// precedes it (…嗎?) or its clause asks something (誰, 什麼, 怎, 哪, 去不去, …), unless the book
// shows the same two characters joined by an interpunct elsewhere or by '?' at least twice
// (a name repeats; a question rarely repeats word for word). In a book that writes ASCII '?'
// as its question mark elsewhere, or where '?' replaced other lost characters (after a stop
// or before a comma: "”?得", "刘?，"), only that repeated-name evidence converts.
class LostInterpunctRule : public LineRule {
 public:
  std::string_view name() const override { return "lost_interpunct"; }
  void learn(const std::vector<Chapter>& chapters) override;
  // Takes the tally of the whole book, gathered file by file.
  void learn(const InterpunctTally& tally);
  void answer(const CleanProbes& probes, std::string* out) const override;
  bool rewrite(std::string_view text, const CleanContext& context, std::string* out) const override;

 private:
  struct Evidence {
    std::set<std::pair<char32_t, char32_t>> dotted;      // X·Y seen
    std::map<std::pair<char32_t, char32_t>, int> asked;  // X?Y seen, how often
    bool question_mark_in_use = false;                   // '?' ends sentences elsewhere
    bool lost_characters = false;  // '?' stands for lost characters elsewhere ("”?得")
    char32_t dot = U'·';
  };
  // The same two characters are joined by an interpunct elsewhere, or by '?' twice or more.
  bool repeated(std::pair<char32_t, char32_t> pair) const;
  std::shared_ptr<const Evidence> evidence_ = std::make_shared<Evidence>();
};

}  // namespace novelbind

#include "clean/clean_decisions.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/test_util.h"
#include "clean/clean.h"

namespace novelbind {
namespace {

// The evidence of files gathered one by one adds up to the evidence of the book read whole,
// and decides the same: what the cache relies on when it keeps each file's evidence.
TEST(CleanDecisions, EvidenceGatheredFileByFileAddsUpToTheWholeBooks) {
  std::vector<Chapter> one = {test::chapter_of({"毗伽·那仁來了。", "xsw小说", "他走了。"})};
  std::vector<Chapter> two = {test::chapter_of({"毗伽?那仁笑了。", "xsw小说", "天黑了。"}),
                              test::chapter_of({"xsw小说", "路明非一愣。"})};
  std::vector<Chapter> book = one;
  book.insert(book.end(), two.begin(), two.end());
  FileEvidence a, b;
  a.add(one);
  b.add(two);
  a += b;
  CleanEvidence whole = CleanEvidence::of(book);
  EXPECT_EQ(a.serialize(), whole.files.serialize());
  CleanEvidence added;
  added.bigrams = whole.bigrams;
  added.files = a;
  CleanDecisions x = decide_cleaning(added), y = decide_cleaning(whole);
  EXPECT_FALSE(y.residue->recurring.empty());  // xsw小说, three times
  EXPECT_EQ(x.residue->recurring, y.residue->recurring);
  EXPECT_TRUE(x.interpunct->repeated({U'伽', U'那'}));  // written with a dot elsewhere
}

// A long book's evidence is added up at once (add_up), and must come to what adding file after
// file does: the same residue keys and counts, the same interpuncts, the same decisions.
TEST(CleanDecisions, EvidenceAddedUpAtOnceIsTheFilesAddedOneByOne) {
  const std::vector<std::vector<std::string>> files = {
      {"毗伽·那仁來了。", "xsw小说", "他走了。"},
      {"毗伽?那仁笑了。", "xsw小说", "天黑了。", "（本章完）"},
      {"xsw小说", "路明非一愣。", "第1页"},
      {},
      {"【雾·桥·书·苑】", "第2页", "（本章完）", "xsw小说"}};
  // Enough files (80) that add_up splits them between two threads.
  std::vector<FileEvidence> evidence(80);
  for (size_t i = 0; i < evidence.size(); ++i)
    if (!files[i % files.size()].empty())
      evidence[i].add({test::chapter_of(files[i % files.size()])});
  auto [one_by_one, all] = test::added_one_by_one(evidence);
  FileEvidence at_once = add_up(all);
  EXPECT_FALSE(at_once.residue.lines.empty());
  EXPECT_EQ(at_once.residue.lines, one_by_one.residue.lines);
  EXPECT_EQ(at_once.serialize(), one_by_one.serialize());
  EXPECT_EQ(add_up(std::vector<const FileEvidence*>{}).serialize(), FileEvidence().serialize());
}

TEST(CleanDecisions, EvidenceAndQuestionsKeepTheirBytesAndRefuseDamagedOnes) {
  FileEvidence e;
  e.add({test::chapter_of({"約翰‧史密斯", "娑葛?答摩", "xsw小说"})});
  auto back = FileEvidence::parse(e.serialize());
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->serialize(), e.serialize());
  EXPECT_EQ(back->interpunct.dots, e.interpunct.dots);
  std::string bytes = e.serialize();
  EXPECT_FALSE(FileEvidence::parse(bytes.substr(0, bytes.size() - 1)).has_value());
  EXPECT_FALSE(FileEvidence::parse(bytes + "x").has_value());
  EXPECT_FALSE(FileEvidence::parse("junk").has_value());

  CleanQuestions q;
  q.reversed_lines = {"。好很天今"};
  q.interpunct_pairs = {{U'伽', U'那'}};
  CleanQuestions more;
  more.interpunct_lost = true;
  more.residue_lines = {"k"};
  q += more;
  auto again = CleanQuestions::parse(q.serialize());
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->reversed_lines, q.reversed_lines);
  EXPECT_EQ(again->interpunct_pairs, q.interpunct_pairs);
  EXPECT_TRUE(again->interpunct_lost);
  EXPECT_EQ(again->residue_lines, std::vector<std::string>{"k"});
  EXPECT_FALSE(CleanQuestions::parse(q.serialize() + "x").has_value());
}

// The answers change exactly when the decisions a file used change.
TEST(CleanDecisions, AnswersChangeWithTheDecisionsAFileUsed) {
  std::vector<Chapter> book = {test::chapter_of({"毗伽·那仁來了。", "他走了。"})};
  CleanQuestions asked;
  asked.interpunct_pairs = {{U'伽', U'那'}};
  CleanDecisions dotted = decide_cleaning(CleanEvidence::of(book));
  CleanDecisions none = decide_cleaning(CleanEvidence::of({test::chapter_of({"他走了。"})}));
  EXPECT_NE(answers(asked, dotted), answers(asked, none));
  // A question no file asked changes nothing: files that did not ask stay valid.
  EXPECT_EQ(answers(CleanQuestions{}, dotted), answers(CleanQuestions{}, none));
}

}  // namespace
}  // namespace novelbind

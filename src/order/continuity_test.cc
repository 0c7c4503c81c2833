#include "order/continuity.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

ContinuityText piece(std::string_view text) {
  return continuity_text({text});
}

TEST(Continuity, PiecesGoWhereTheirTextRunsOn) {
  ContinuityText before = piece("牧尘听了，问道：“灵阵？我没学过啊。”");
  ContinuityText after = piece("小灵阵布置出来之后，温灵点了点头。");
  std::vector<ContinuityText> middle = {
      piece("温灵望着凝炼灵印的少年，叹了口气。直到半月后，他终于将小灵阵布置了出来。"),
      piece("第二天，牧锋为他找来了灵阵老师温灵。温灵让他先凝炼灵印。"),
  };
  EXPECT_EQ(order_by_continuity(&before, middle, &after), (std::vector<size_t>{1, 0}));
  std::swap(middle[0], middle[1]);
  EXPECT_EQ(order_by_continuity(&before, middle, &after), (std::vector<size_t>{0, 1}));
}

TEST(Continuity, TheGivenOrderStandsWhenTheTextDoesNotDecide) {
  ContinuityText before = piece("他走了。");
  std::vector<ContinuityText> middle = {piece("山高水长。"), piece("风起云涌。")};
  EXPECT_EQ(order_by_continuity(&before, middle, nullptr), (std::vector<size_t>{0, 1}));
  // One word pair across a seam is chance, not evidence.
  std::vector<ContinuityText> weak = {piece("山高水长。"), piece("风起云涌，他走了。")};
  EXPECT_EQ(order_by_continuity(&before, weak, nullptr), (std::vector<size_t>{0, 1}));
  std::vector<ContinuityText> many(kMaxContinuityPieces + 1, piece("山高水长。"));
  EXPECT_EQ(order_by_continuity(nullptr, many, nullptr).size(), many.size());
}

TEST(Continuity, LatinWordsPairAsWordsAndOnlyTheEndsCount) {
  ContinuityText before = piece("They rode towards the old silver harbour at dawn.");
  std::vector<ContinuityText> middle = {
      piece("Snow fell on the mountain pass."),
      piece("The old silver harbour at dawn was empty when they came."),
  };
  EXPECT_EQ(order_by_continuity(&before, middle, nullptr), (std::vector<size_t>{1, 0}));
  // Pairs far from the ends are not compared.
  std::string long_start(kContinuitySpan + 10, 'x');
  ContinuityText far = piece(long_start + " silver harbour");
  EXPECT_FALSE(far.all.empty());
  EXPECT_TRUE(far.head.empty());
}

}  // namespace
}  // namespace novelbind

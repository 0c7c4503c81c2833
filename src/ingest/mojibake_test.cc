#include "ingest/mojibake.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

TEST(Mojibake, HeadingsWrittenAsLatin1AreDecodedAgain) {
  std::string text = "µÚÈýÕÂ Áù¾äÕæÑÔ\n　　他走了。\nµÚ238ÕÂ Îå½×ÁéÒ©£¡\n";
  MojibakeRepair r = repair_gbk_read_as_latin1(&text);
  EXPECT_EQ(text, "第三章 六句真言\n　　他走了。\n第238章 五阶灵药！\n");
  EXPECT_EQ(r.lines, 2);
  EXPECT_EQ(r.first_line, 1);
  EXPECT_EQ(r.first_after, "第三章 六句真言");
}

TEST(Mojibake, LatinTextStays) {
  for (std::string line : {"Müller und Söhne", "Café crème à la française", "© 2009 ÀÁÂÃ", "½ ¼ ¾",
                           "他说：“Ça va？”", "\u00A0\u00A0\u00A0\u00A0......"}) {
    std::string text = line + "\n";
    EXPECT_EQ(repair_gbk_read_as_latin1(&text).lines, 0) << line;
    EXPECT_EQ(text, line + "\n");
  }
}

}  // namespace
}  // namespace novelbind

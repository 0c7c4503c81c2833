#include "ingest/yaml_header.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

// An AI-written serial's chapter file (an unseen 02.md): its header goes, its lines' numbers stay.
TEST(YamlHeader, TheHeaderOfAFileIsBlanked) {
  std::string text =
      "---\ntitle: GitHub上的问题\nnumber: 2\nvolume: 1\nvolumeName: 觉醒\nemoji: 🐙\n---\n\n"
      "# 第二章：GitHub上的问题\n";
  EXPECT_EQ(blank_yaml_header(&text), 7);
  EXPECT_EQ(text, "\n\n\n\n\n\n\n\n# 第二章：GitHub上的问题\n");
}

TEST(YamlHeader, OnlyAHeaderOfFieldsBetweenFencesAtTheTop) {
  for (const char* kept : {"他走了。\n---\ntitle: x\n---\n", "---\n他走了。\n---\n",
                           "---\ntitle: x\n", "---\n---\n", "----\ntitle: x\n----\n"}) {
    std::string text = kept;
    EXPECT_EQ(blank_yaml_header(&text), 0) << kept;
    EXPECT_EQ(text, kept);
  }
}

}  // namespace
}  // namespace novelbind

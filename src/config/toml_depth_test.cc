#include "toml_depth.h"

#include <gtest/gtest.h>

#include <string>

#include "config/config.h"

namespace novelbind {

TEST(TomlDepth, CountsTheDotsOfKeysNotOfStringsOrComments) {
  EXPECT_EQ(toml_depth("").parts, 0u);
  TomlDepth d = toml_depth("[book]\ntitle = \"a.b.c.d\"\nbook.author = 'x.y' # a.b.c.d.e\n");
  EXPECT_EQ(d.parts, 2u);
  EXPECT_EQ(d.line, 3);
  d = toml_depth("description = \"\"\"\nOne. Two. Three. Four.\n\"\"\"\n[a.b.c]\n");
  EXPECT_EQ(d.parts, 3u);
  EXPECT_EQ(d.line, 4);
  d = toml_depth("a = \"\\\"...\"\nb = '''x.\n..'''\nc.d = 1\n");
  EXPECT_EQ(d.parts, 2u);
  EXPECT_EQ(d.line, 4);
}

// toml++ follows a dotted key one recursive call per part: a key of 100,000 parts (a 200 KB
// book.toml) overflowed the stack and crashed the build (found by fuzzing book.toml). It is
// now an error naming the line.
TEST(TomlDepth, ADeeplyDottedKeyIsAnErrorNotACrash) {
  for (std::string header : {"", "["}) {
    std::string text = "[book]\ntitle = \"x\"\n" + header + "a";
    for (int i = 0; i < 100000; ++i) text += ".a";
    text += header.empty() ? " = 1\n" : "]\n";
    auto config = parse_config(text, "book.toml", RuleNames{});
    ASSERT_FALSE(config.ok());
    EXPECT_EQ(config.message(),
              "book.toml:3: a key of 100001 parts; book.toml keys have at most two "
              "(section.key): fix the key");
  }
}

}  // namespace novelbind

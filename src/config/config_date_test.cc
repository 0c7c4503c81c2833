// [book] date: dc:date must be a W3C date, or EPUBCheck warns about the built book.
#include <gtest/gtest.h>

#include "config/config.h"

namespace novelbind {
namespace {

TEST(ConfigDate, AcceptsW3cDates) {
  for (const char* date : {"2024", "2024-05", "2024-05-01", "2024-05-01T08:30:00Z"}) {
    auto c =
        parse_config(std::string("[book]\ndate = \"") + date + "\"\n", "book.toml", RuleNames{});
    ASSERT_TRUE(c.ok()) << c.message();
    EXPECT_EQ(c->book.date, date);
  }
}

TEST(ConfigDate, AcceptsATomlDate) {
  auto c = parse_config("[book]\ndate = 2024-05-01\n", "book.toml", RuleNames{});
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_EQ(c->book.date, "2024-05-01");
}

TEST(ConfigDate, RejectsOtherText) {
  EXPECT_EQ(parse_config("[book]\ntitle = \"x\"\ndate = \"2024年5月\"\n", "book.toml", RuleNames{})
                .message(),
            "book.toml:3: [book] date: '2024年5月' is not a date like \"2024\", \"2024-05\" or "
            "\"2024-05-01\"");
}

}  // namespace
}  // namespace novelbind

#include "package/identifier.h"

#include <gtest/gtest.h>
#include <regex>

namespace novelbind {

TEST(Identifier, StableAndDerivedFromTitleAndAuthor) {
  std::string a = derive_identifier("龜茲", "阿菩");
  EXPECT_EQ(a, derive_identifier("龜茲", "阿菩"));
  EXPECT_NE(a, derive_identifier("龜茲", "別人"));
  EXPECT_NE(derive_identifier("ab", "c"), derive_identifier("a", "bc"));
  EXPECT_TRUE(std::regex_match(
      a,
      std::regex("urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")))
      << a;
}

// The identifier a reader's library already knows the book by: RFC 4122's version 5, as
// Python's uuid.uuid5(UUID("6f1c8a2e-4b1d-5c1e-9a53-6e6f76656c62"), "龜茲\x1f阿菩") makes it.
TEST(Identifier, IsTheStandardNameBasedUuid) {
  EXPECT_EQ(derive_identifier("龜茲", "阿菩"), "urn:uuid:ec000544-b397-5c0d-8786-20234668b1fc");
  EXPECT_EQ(derive_identifier("三国", ""), "urn:uuid:78d8d3dc-b667-5cd6-a98d-aed6b0152bf4");
}

}  // namespace novelbind

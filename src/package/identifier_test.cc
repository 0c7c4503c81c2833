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

TEST(Identifier, Sha256MatchesKnownVector) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace novelbind

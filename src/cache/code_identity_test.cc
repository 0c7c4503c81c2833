#include "cache/code_identity.h"

#include <gtest/gtest.h>

#include <string>

namespace novelbind {
namespace {

// The identity names the version and the executable's build ID (Debian's linker writes one by
// default): a rebuilt novelbind with other code does not share cache entries with this one.
TEST(CodeIdentity, VersionAndBuildId) {
  std::string id(code_identity());
  ASSERT_EQ(id.rfind(NOVELBIND_VERSION "+", 0), 0u) << id;
  std::string build_id = id.substr(std::string(NOVELBIND_VERSION "+").size());
  EXPECT_GE(build_id.size(), 16u) << id;
  EXPECT_EQ(build_id.find_first_not_of("0123456789abcdef"), std::string::npos) << id;
  EXPECT_EQ(code_identity().data(), code_identity().data());  // computed once
}

}  // namespace
}  // namespace novelbind

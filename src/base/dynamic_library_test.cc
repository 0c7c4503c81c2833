#include "base/dynamic_library.h"

#include <gtest/gtest.h>

#include <string>

namespace novelbind {
namespace {

// A library that is not installed gives the loader's reason; a name it lacks is listed.
TEST(DynamicLibrary, ReasonsAndMissingNames) {
  std::string why;
  EXPECT_EQ(open_dynamic_library("libnovelbind-none.so.9", &why), nullptr);
  EXPECT_NE(why.find("libnovelbind-none.so.9"), std::string::npos) << why;

  why.clear();
  void* zip = open_dynamic_library("libzip.so.4", &why);
  ASSERT_NE(zip, nullptr) << why;
  std::string missing;
  EXPECT_NE(dynamic_symbol(zip, "zip_open", &missing), nullptr);
  EXPECT_EQ(missing, "");
  EXPECT_EQ(dynamic_symbol(zip, "zip_no_such_function", &missing), nullptr);
  EXPECT_EQ(dynamic_symbol(zip, "zip_nor_this", &missing), nullptr);
  EXPECT_EQ(missing, "zip_no_such_function, zip_nor_this");
}

}  // namespace
}  // namespace novelbind

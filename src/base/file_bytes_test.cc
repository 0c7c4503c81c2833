#include "base/file_bytes.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {

TEST(FileBytes, ReadsEveryByte) {
  test::TempDir dir;
  std::string data("a\0b\r\n", 5);
  data += std::string(200000, 'x');
  test::write_file(dir / "f", data);
  EXPECT_EQ(read_file_bytes(dir / "f"), data);
  test::write_file(dir / "empty", "");
  EXPECT_EQ(read_file_bytes(dir / "empty"), "");
  EXPECT_FALSE(read_file_bytes(dir / "missing"));
}

}  // namespace novelbind

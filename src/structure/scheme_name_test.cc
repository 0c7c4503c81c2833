#include "structure/scheme_name.h"

#include <gtest/gtest.h>

#include "structure/heading_shape.h"

namespace novelbind {
namespace {

std::string name_of(std::string_view line) {
  auto s = parse_heading_shape(line);
  return s ? scheme_name(s->key) : "-";
}

TEST(SchemeName, ReadableNamesOfShapeKeys) {
  EXPECT_EQ(name_of("第一章 远行"), "第N章");
  EXPECT_EQ(name_of("【第一章】远行"), "【第N章】");
  EXPECT_EQ(name_of("一、远行"), "一、");
  EXPECT_EQ(name_of("12.远行"), "N.");
  EXPECT_EQ(name_of("Chapter 12"), "Chapter N");
  EXPECT_EQ(name_of("☆、远行"), "☆、title");
  EXPECT_EQ(name_of("正文 第12章 远行"), "正文 第N章");
}

}  // namespace
}  // namespace novelbind

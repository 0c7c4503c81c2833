// Damage in long files: a few bad bytes are marked and reported, more stop the build.
#include "ingest/encoding.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

#include <algorithm>
#include <string>

#include "ingest/encoding_test_texts.h"

namespace novelbind {
namespace {

using namespace encoding_test;
using test::encode_as;

// A long Traditional text in GB18030 (about 35 KB), LF line ends: long enough for a few bad
// bytes to count as damage rather than as a sign of another encoding.
std::string long_gb18030() {
  std::string text;
  for (int i = 0; i < 8; ++i) text += seed_texts()[1];
  return encode_as(text, "GB18030");
}

// The offset of the start of line `line` (1-based) of `bytes`.
size_t line_start(const std::string& bytes, int line) {
  size_t at = 0;
  for (int i = 1; i < line; ++i) at = bytes.find('\n', at) + 1;
  return at;
}

TEST(DecodeText, AFewBadBytesInALongFileAreMarkedAndReported) {
  std::string gb = long_gb18030();
  std::string clean = decode_ok(gb).text;
  // A stray 0xA0 (a web page's no-break space) before a line end, and a byte that starts no
  // GB18030 character at the start of a later line.
  size_t nbsp = line_start(gb, 5) - 1, bad = line_start(gb, 40);
  std::string damaged =
      gb.substr(0, nbsp) + "\xA0" + gb.substr(nbsp, bad - nbsp) + "\x80" + gb.substr(bad);
  Decoded d = decode_ok(damaged);
  EXPECT_EQ(d.encoding, "GB18030");
  size_t clean_bad = line_start(clean, 40);
  EXPECT_EQ(d.text, clean.substr(0, clean_bad) + "\uFFFD" + clean.substr(clean_bad));
  ASSERT_EQ(d.warnings.size(), 2u);
  EXPECT_EQ(d.warnings[0].rule, "encoding");
  EXPECT_EQ(d.warnings[0].file, "ch.txt");
  EXPECT_EQ(d.warnings[0].line, 4);
  EXPECT_EQ(d.warnings[0].message, "dropped stray byte 0xA0 at offset " + std::to_string(nbsp) +
                                       " (the rest of the file decodes as GB18030)");
  EXPECT_EQ(d.warnings[1].line, 40);
  EXPECT_EQ(d.warnings[1].message, "replaced undecodable byte 0x80 at offset " +
                                       std::to_string(bad + 1) +
                                       " with U+FFFD (the rest of the file decodes as GB18030)");
}

TEST(DecodeText, ARunOfBadBytesIsOneSpot) {
  std::string gb = long_gb18030();
  size_t bad = line_start(gb, 12);
  Decoded d = decode_ok(gb.substr(0, bad) + "\x80\xFF" + gb.substr(bad));
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0].line, 12);
  EXPECT_EQ(d.warnings[0].message, "replaced undecodable bytes 0x80 0xFF at offset " +
                                       std::to_string(bad) +
                                       " with U+FFFD (the rest of the file decodes as GB18030)");
}

TEST(DecodeText, DamageAboveOneSpotPer10KbStillStopsTheBuild) {
  std::string gb = long_gb18030();
  // One bad byte at the start of every 40th line: far more than one per 10 KB.
  std::string damaged;
  size_t first = std::string::npos;
  int line = 1;
  for (size_t i = 0; i < gb.size(); ++i) {
    if ((i == 0 || gb[i - 1] == '\n') && line++ % 40 == 39) {
      if (first == std::string::npos) first = damaged.size();
      damaged += '\x80';
    }
    damaged += gb[i];
  }
  ASSERT_GT(std::count(damaged.begin(), damaged.end(), '\x80') * 10 * 1024,
            static_cast<long>(damaged.size()));
  EXPECT_EQ(decode_error(damaged), "chapters/0042.txt: invalid GB18030 byte 0x80 at offset " +
                                       std::to_string(first) +
                                       "; pass --encoding to override, or --lenient to replace "
                                       "bad bytes");
}

TEST(DecodeText, ALongUtf8FileWithOneBrokenCharacterDecodes) {
  std::string text;
  for (int i = 0; i < 8; ++i) text += seed_texts()[2];
  size_t at = text.find("。", text.size() / 2) + 3;
  Decoded d = decode_ok(text.substr(0, at) + "\xE5\x8F" + text.substr(at));
  EXPECT_EQ(d.encoding, "UTF-8");
  EXPECT_EQ(d.text, text.substr(0, at) + "\uFFFD" + text.substr(at));
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0].message, "replaced undecodable bytes 0xE5 0x8F at offset " +
                                       std::to_string(at) +
                                       " with U+FFFD (the rest of the file decodes as UTF-8)");
}

TEST(DecodeText, CtrlZIsDroppedAndCountedInOneWarning) {
  std::string text = "第一章\n他說完了。\n\x1A\n第二章\n又說了。\n\x1A\n";
  Decoded d = decode_ok(encode_as(text, "GB18030"));
  EXPECT_EQ(d.text, "第一章\n他說完了。\n\n第二章\n又說了。\n\n");
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0].message,
            "removed 2 invisible characters (zero-width or control characters), the first on "
            "this line");
  EXPECT_EQ(d.warnings[0].line, 3);
}

}  // namespace
}  // namespace novelbind

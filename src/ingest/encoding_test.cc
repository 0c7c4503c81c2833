#include "ingest/encoding.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/test_util.h"
#include "ingest/encoding_test_texts.h"

namespace novelbind {
namespace {

using namespace encoding_test;
using test::encode_as;

// Windows of `n` characters taken every `n` characters from `text`.
std::vector<std::string> windows(const std::string& text, size_t n) {
  std::vector<std::string> out;
  std::string cur;
  size_t chars = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) != 0x80 && chars == n) {
      out.push_back(cur);
      cur.clear();
      chars = 0;
    }
    if ((c & 0xC0) != 0x80) ++chars;
    cur += text[i];
  }
  return out;
}

const std::string kSample = "第一章　出山\n“回鶻……”這兩個字，讓毗伽·那仁沉默了。\n";

TEST(DecodeText, Utf8WithAndWithoutByteOrderMark) {
  Decoded plain = decode_ok(kSample);
  EXPECT_EQ(plain.text, kSample);
  EXPECT_EQ(plain.encoding, "UTF-8");
  EXPECT_TRUE(plain.warnings.empty());
  Decoded bom = decode_ok("\xEF\xBB\xBF" + kSample);
  EXPECT_EQ(bom.text, kSample);
  EXPECT_EQ(bom.encoding, "UTF-8");
  EXPECT_TRUE(bom.warnings.empty());
}

TEST(DecodeText, LineEndsBecomeLf) {
  EXPECT_EQ(decode_ok("一\r\n二\r三\n四\r\n\r\n五").text, "一\n二\n三\n四\n\n五");
  // The same in GB18030, so that the iconv path normalises too.
  EXPECT_EQ(decode_ok(encode_as("第一章\r\n他說：“走吧。”\r\n\r\n眾人起身。\r", "GB18030")).text,
            "第一章\n他說：“走吧。”\n\n眾人起身。\n");
}

TEST(DecodeText, Utf16And32WithByteOrderMark) {
  Decoded le = decode_ok("\xFF\xFE" + encode_as(kSample, "UTF-16LE"));
  EXPECT_EQ(le.text, kSample);
  EXPECT_EQ(le.encoding, "UTF-16LE");
  Decoded be = decode_ok("\xFE\xFF" + encode_as("一\r\n二", "UTF-16BE"));
  EXPECT_EQ(be.text, "一\n二");
  EXPECT_EQ(be.encoding, "UTF-16BE");
  Decoded u32 = decode_ok(std::string("\xFF\xFE\0\0", 4) + encode_as(kSample, "UTF-32LE"));
  EXPECT_EQ(u32.text, kSample);
  EXPECT_EQ(u32.encoding, "UTF-32LE");
}

TEST(DecodeText, Utf16WithoutByteOrderMark) {
  Decoded le = decode_ok(encode_as(kSample, "UTF-16LE"));
  EXPECT_EQ(le.text, kSample);
  EXPECT_EQ(le.encoding, "UTF-16LE");
  Decoded be = decode_ok(encode_as(kSample, "UTF-16BE"));
  EXPECT_EQ(be.text, kSample);
  EXPECT_EQ(be.encoding, "UTF-16BE");
}

TEST(DecodeText, SeedChaptersInEveryEncodingTheyFit) {
  for (const std::string& text : seed_texts()) {
    Decoded gb = decode_ok(encode_as(text, "GB18030"));
    EXPECT_EQ(gb.encoding, "GB18030");
    EXPECT_EQ(gb.text, text);
    Decoded u16 = decode_ok("\xFE\xFF" + encode_as(text, "UTF-16BE"));
    EXPECT_EQ(u16.text, text);
    std::string big5;
    try {
      big5 = encode_as(text, "BIG5-HKSCS");
    } catch (const std::runtime_error&) {
      continue;  // 004 is Simplified Chinese: Big5 cannot hold it
    }
    Decoded b5 = decode_ok(big5);
    EXPECT_EQ(b5.encoding, "BIG5-HKSCS");
    EXPECT_EQ(b5.text, text);
  }
}

TEST(DecodeText, GbkAndGb2312AreReadAsGb18030) {
  // GB2312-only text: uchardet says GB2312; the file may still hold GBK or GB18030
  // characters further on, so the superset decodes it.
  std::string simplified = "说完，他再也不管那些仍在唐军马蹄下苦苦挣扎的士兵，猛地调转马头。\n";
  std::string text;
  for (int i = 0; i < 20; ++i) text += simplified;
  text += "㐀䶵€\n";  // four-byte GB18030 sequences and the euro sign
  Decoded d = decode_ok(encode_as(text, "GB18030"));
  EXPECT_EQ(d.encoding, "GB18030");
  EXPECT_EQ(d.text, text);
}

TEST(DecodeText, Big5IsReadAsBig5HkscsSoCantoneseSurvives) {
  // 佢 哋 嘅 嘢 啱 are Hong Kong characters: not in plain Big5, only in Big5-HKSCS.
  std::string line = "佢哋話呢間舖頭嘅嘢好啱食，我哋聽日再嚟。\n";
  std::string traditional = "說完，他再也不管那些仍在唐軍馬蹄下苦苦掙扎的士兵，猛地調轉馬頭。\n";
  std::string text;
  for (int i = 0; i < 10; ++i) text += traditional + line;
  Decoded d = decode_ok(encode_as(text, "BIG5-HKSCS"));
  EXPECT_EQ(d.encoding, "BIG5-HKSCS");
  EXPECT_EQ(d.text, text);
}

TEST(DecodeText, ShortTextsInGb18030AndBig5) {
  // uchardet guesses poorly below a few dozen characters (a file holding only a title);
  // these must still come out right.
  for (std::string text : {"序", "楔子", "第一章", "後記", "完本感言", "第十二章　出山", "上架感言",
                           "番外：夜雨", "他笑了。", "「走吧。」"}) {
    for (const char* enc : {"GB18030", "BIG5-HKSCS"}) {
      Decoded d = decode_ok(encode_as(text, enc));
      EXPECT_EQ(d.text, text) << enc;
    }
  }
}

TEST(DecodeText, ShortSlicesOfTheSeedChapters) {
  // Every 8-character slice of the seeds must decode back to itself in both encodings;
  // shorter ones nearly always (some bytes are valid in both and read alike, or are valid
  // UTF-8, which is tried first).
  for (size_t n : {2u, 4u, 8u}) {
    size_t total = 0, right = 0;
    for (const std::string& text : seed_texts()) {
      for (const std::string& slice : windows(text, n)) {
        for (const char* enc : {"GB18030", "BIG5-HKSCS"}) {
          std::string bytes;
          try {
            bytes = encode_as(slice, enc);
          } catch (const std::runtime_error&) {
            continue;
          }
          if (bytes == slice) continue;  // ASCII only
          auto r = decode_text(bytes, "ch.txt", {});
          ++total;
          right += r.ok() && r->text == slice;
        }
      }
    }
    SCOPED_TRACE("slices of " + std::to_string(n) + " characters");
    EXPECT_GT(total, 1000u);
    // Measured: 96.1% of 2-character and 99.7% of 4-character slices.
    size_t percent = n == 2 ? 95 : n == 4 ? 99 : 100;
    EXPECT_GE(right * 100, total * percent) << right << " of " << total;
  }
}

TEST(DecodeText, NonChineseLegacyTextStillDecodes) {
  Decoded d =
      decode_ok("Caf\xE9 cr\xE8me br\xFBl\xE9\x65, d\xE9j\xE0 vu. Na\xEFve fa\xE7\x61\x64\x65.\n");
  EXPECT_EQ(d.text, "Café crème brûlée, déjà vu. Naïve façade.\n");
}

TEST(DecodeText, InvisibleCharactersAreRemovedWithOneWarning) {
  std::string text =
      "第一章\n"
      "他\u200B說\u200C：\u200D“走\u2060吧\uFEFF。”\x07\n"
      "\t眾人\u0085起身\x7F。\x1B\n"
      "\u00A0\u00A0\u3000\u3000縮排留給清理規則。\n";
  Decoded d = decode_ok(text);
  EXPECT_EQ(d.text,
            "第一章\n他說：“走吧。”\n\t眾人起身。\n\u00A0\u00A0\u3000\u3000縮排留給清理規則。\n");
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0].rule, "invisible_characters");
  EXPECT_EQ(d.warnings[0].file, "ch.txt");
  EXPECT_EQ(d.warnings[0].message,
            "removed 9 invisible characters (zero-width or control characters), the first on "
            "this line");
  EXPECT_EQ(d.warnings[0].line, 2);
}

TEST(DecodeText, BinaryFilesAreErrors) {
  EXPECT_EQ(decode_error("\x89PNG\r\n\x1A\n\0\0\0\rIHDR"),
            "chapters/0042.txt: binary data, not text (a PNG image signature at offset 0); "
            "remove the file from the input");
  EXPECT_EQ(decode_error("\xFF\xD8\xFF\xE0\0\x10JFIF"),
            "chapters/0042.txt: binary data, not text (a JPEG image signature at offset 0); "
            "remove the file from the input");
  EXPECT_EQ(decode_error("PK\x03\x04\x14\0\0\0"),
            "chapters/0042.txt: binary data, not text (a ZIP archive (or EPUB, DOCX) signature "
            "at offset 0); remove the file from the input");
  EXPECT_EQ(decode_error("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n"),
            "chapters/0042.txt: binary data, not text (a PDF document signature at offset 0); "
            "remove the file from the input");
  EXPECT_EQ(decode_error(std::string("第一章\n\0\x01\x02\x03\xFF\xFE\x10", 17)),
            "chapters/0042.txt: binary data, not text (a NUL byte at offset 10); remove the file "
            "from the input, or pass --encoding if it is UTF-16 without a byte order mark");
}

TEST(DecodeText, TruncatedGb18030NamesTheLastByte) {
  std::string gb = encode_as(seed_texts()[0], "GB18030");
  while (static_cast<unsigned char>(gb.back()) < 0x80) gb.pop_back();
  gb.pop_back();  // the file now ends on the first byte of a two-byte character
  char expected[256];
  std::snprintf(expected, sizeof expected,
                "chapters/0042.txt: invalid GB18030 byte 0x%02X at offset %zu (the file ends in "
                "the middle of a character); pass --encoding to override, or --lenient to "
                "replace bad bytes",
                static_cast<unsigned char>(gb.back()), gb.size() - 1);
  EXPECT_EQ(decode_error(gb), expected);
}

TEST(DecodeText, BadByteInsideGb18030NamesItsOffset) {
  std::string gb = encode_as(seed_texts()[1], "GB18030");
  size_t at = gb.find('\n', gb.size() / 2) + 1;  // the start of a line: a character boundary
  gb = gb.substr(0, at) + "\x80" + gb.substr(at);
  EXPECT_EQ(decode_error(gb), "chapters/0042.txt: invalid GB18030 byte 0x80 at offset " +
                                  std::to_string(at) +
                                  "; pass --encoding to override, or --lenient to replace bad "
                                  "bytes");
}

TEST(DecodeText, LenientReplacesBadBytesAndCountsThem) {
  std::string text = seed_texts()[1];
  std::string gb = encode_as(text, "GB18030");
  size_t at = gb.find('\n', gb.size() / 2) + 1;  // the start of line `line`
  long line = std::count(gb.begin(), gb.begin() + static_cast<long>(at), '\n');
  gb = gb.substr(0, at) + "\x80\xFF" + gb.substr(at);
  Decoded d = decode_ok(gb, {"", true});
  EXPECT_EQ(d.encoding, "GB18030");
  std::string expected = text;
  size_t text_at = 0;
  for (long i = 0; i < line; ++i) text_at = expected.find('\n', text_at) + 1;
  expected = expected.substr(0, text_at) + "\uFFFD\uFFFD" + expected.substr(text_at);
  EXPECT_EQ(d.text, expected);
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0].rule, "encoding");
  EXPECT_EQ(d.warnings[0].message,
            "replaced 2 undecodable bytes with U+FFFD (decoded as GB18030; the first at offset " +
                std::to_string(at) + ")");
  EXPECT_EQ(d.warnings[0].line, line + 1);
}

TEST(DecodeText, DamagedUtf8IsStillUtf8) {
  std::string text = seed_texts()[2];
  size_t at = text.find("。") + 3;
  // The first two bytes of a three-byte character.
  std::string damaged = text.substr(0, at) + "\xE5\x8F" + text.substr(at);
  EXPECT_EQ(decode_error(damaged), "chapters/0042.txt: invalid UTF-8 byte 0xE5 at offset " +
                                       std::to_string(at) +
                                       "; pass --encoding to override, or --lenient to replace "
                                       "bad bytes");
  Decoded d = decode_ok(damaged, {"", true});
  EXPECT_EQ(d.encoding, "UTF-8");
  std::string expected = text.substr(0, at) + "\uFFFD\uFFFD" + text.substr(at);
  EXPECT_EQ(d.text, expected);
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0].message,
            "replaced 2 undecodable bytes with U+FFFD (decoded as UTF-8; the first at offset " +
                std::to_string(at) + ")");
  EXPECT_EQ(d.warnings[0].line,
            1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

TEST(DecodeText, ForcedEncoding) {
  // Four Big5 characters that uchardet would not decide on alone.
  std::string big5 = encode_as("出山", "BIG5");
  Decoded d = decode_ok(big5, {"big5", false});
  EXPECT_EQ(d.text, "出山");
  EXPECT_EQ(d.encoding, "BIG5");
  // Forcing the wrong encoding fails where the bytes stop fitting (第 is B5 DA in GB18030).
  EXPECT_EQ(decode_error(encode_as("第一章", "GB18030"), {"UTF-8", false}),
            "chapters/0042.txt: invalid UTF-8 byte 0xB5 at offset 0; check --encoding (or "
            "[clean] encoding), or pass --lenient to replace bad bytes");
  // A UTF-8 byte order mark is not text, forced or not.
  EXPECT_EQ(decode_ok("\xEF\xBB\xBF" + kSample, {"UTF-8", false}).text, kSample);
}

TEST(DecodeText, UnknownForcedEncodingIsAnError) {
  const char* expected =
      "unknown encoding 'GB-18030' (from --encoding or [clean] encoding): iconv does not know "
      "this name; use one such as UTF-8, GB18030, BIG5-HKSCS or UTF-16LE (`iconv -l` lists "
      "them all)";
  EXPECT_EQ(decode_error(kSample, {"GB-18030", false}), expected);
  EXPECT_EQ(check_encoding_name("GB-18030").message(), expected);
  EXPECT_TRUE(check_encoding_name("gbk").ok());
}

}  // namespace
}  // namespace novelbind

// End to end: the sample chapters re-encoded the ways readers' files come (GB18030, Big5,
// UTF-16, CRLF line ends) build to the same book as the UTF-8 originals, and files that
// cannot be read stop the build with one line naming the file and the byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind::test {
namespace {

struct Seed {
  std::string name;
  std::string text;  // UTF-8, LF line ends
};

std::vector<Seed> seeds() {
  std::vector<Seed> out;
  for (const auto& e : fs::directory_iterator(source_dir() / "samples/seeds"))
    out.push_back({e.path().filename().string(), read_file(e.path())});
  std::sort(out.begin(), out.end(), [](const Seed& a, const Seed& b) { return a.name < b.name; });
  EXPECT_EQ(out.size(), 5u);
  return out;
}

std::string crlf(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

struct Built {
  std::map<std::string, std::string> texts;      // visible text of every XHTML document
  std::map<std::string, std::string> encodings;  // source file name -> reported encoding
  std::vector<std::string> decode_warnings;      // from the "encoding" and
                                                 // "invisible_characters" rules
};

// Builds `folder` with the real binary, with a fixed title so that books from different
// folders can be compared document by document.
Built build(const fs::path& folder, const std::string& extra_args = "") {
  Built b;
  fs::path epub = folder.parent_path() / (folder.filename().string() + ".epub");
  fs::path report = folder.parent_path() / (folder.filename().string() + ".json");
  CommandResult r =
      run_novelbind("-q build " + quoted(folder) + " -o " + quoted(epub) +
                    " --title 樣書 --author 佚名 --report " + quoted(report) + " " + extra_args);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  // The chapters' text (the cover page holds only an image).
  for (const auto& [name, data] : read_epub(epub))
    if (name.rfind("EPUB/text/ch", 0) == 0) b.texts[name] = xhtml_text(data);
  EXPECT_GE(b.texts.size(), 4u) << epub;  // four chapters: 002 repeats 003
  auto json = nlohmann::json::parse(read_file(report), nullptr, false);
  EXPECT_TRUE(json.contains("sources")) << read_file(report);
  if (json.contains("sources")) {
    for (const auto& s : json["sources"]) {
      b.encodings[fs::path(s["path"].get<std::string>()).filename().string()] =
          s["encoding"].get<std::string>();
    }
  }
  for (const auto& w : json.value("warnings", nlohmann::json::array())) {
    std::string rule = w.value("rule", "");
    if (rule == "encoding" || rule == "invisible_characters")
      b.decode_warnings.push_back(w.value("file", "") + ": " + w.value("message", ""));
  }
  return b;
}

class Encodings : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::path utf8 = dir_ / "utf8";
    for (const Seed& s : seeds_) write_file(utf8 / s.name, s.text);
    original_ = build(utf8);
    for (const auto& [name, text] : original_.texts)
      ASSERT_FALSE(text.empty()) << name;  // the comparison below must compare something
  }

  // Writes `bytes(seed)` for every seed to a new folder, builds it and expects the book of
  // the UTF-8 originals, each file reported in the encoding `expected(seed index)`.
  template <typename Encode, typename Expected>
  void expect_same_book(const std::string& folder, Encode bytes, Expected expected) {
    SCOPED_TRACE(folder);
    fs::path dir = dir_ / folder;
    for (const Seed& s : seeds_) write_file(dir / s.name, bytes(s));
    Built b = build(dir);
    EXPECT_EQ(b.texts, original_.texts);
    // Nothing was replaced or dropped: the line ends were line ends.
    EXPECT_EQ(b.decode_warnings, std::vector<std::string>());
    for (size_t i = 0; i < seeds_.size(); ++i)
      EXPECT_EQ(b.encodings[seeds_[i].name], expected(i)) << seeds_[i].name;
  }

  TempDir dir_;
  std::vector<Seed> seeds_ = seeds();
  Built original_;
};

TEST_F(Encodings, Utf8OriginalsAreReportedAsUtf8) {
  for (const Seed& s : seeds_) EXPECT_EQ(original_.encodings[s.name], "UTF-8");
  EXPECT_EQ(original_.decode_warnings, std::vector<std::string>());
}

TEST_F(Encodings, Gb18030) {
  expect_same_book(
      "gb18030", [](const Seed& s) { return encode_as(s.text, "GB18030"); },
      [](size_t) { return "GB18030"; });
}

TEST_F(Encodings, Big5) {
  // Big5 holds only Traditional characters: 000-003 are Traditional (000 and 001 fit plain
  // Big5, 002 and 003 need Big5-HKSCS), 004 is Simplified Chinese and stays GB18030 here,
  // as it would on a site that serves each chapter as scraped.
  expect_same_book(
      "big5",
      [](const Seed& s) {
        if (s.name.starts_with("004")) return encode_as(s.text, "GB18030");
        bool plain = s.name.starts_with("000") || s.name.starts_with("001");
        return encode_as(s.text, plain ? "BIG5" : "BIG5-HKSCS");
      },
      [](size_t i) { return i == 4 ? "GB18030" : "BIG5-HKSCS"; });
}

TEST_F(Encodings, Utf16WithByteOrderMark) {
  // Little-endian for even-numbered files, big-endian for odd ones.
  expect_same_book(
      "utf16",
      [](const Seed& s) {
        bool le = (s.name[2] - '0') % 2 == 0;
        return std::string(le ? "\xFF\xFE" : "\xFE\xFF") +
               encode_as(s.text, le ? "UTF-16LE" : "UTF-16BE");
      },
      [](size_t i) { return i % 2 == 0 ? "UTF-16LE" : "UTF-16BE"; });
}

TEST_F(Encodings, CrlfLineEnds) {
  expect_same_book(
      "crlf", [](const Seed& s) { return crlf(s.text); }, [](size_t) { return "UTF-8"; });
}

TEST_F(Encodings, EachFileItsOwnEncodingWithCrlf) {
  // A folder gathered from several sites: every file differs, all with Windows line ends
  // but the last, which has old Mac ones (CR alone).
  expect_same_book(
      "mixed",
      [](const Seed& s) {
        std::string text = crlf(s.text);
        switch (s.name[2]) {
          case '0':
            return "\xEF\xBB\xBF" + text;
          case '1':
            return encode_as(text, "BIG5");
          case '2':
            return "\xFF\xFE" + encode_as(text, "UTF-16LE");
          case '3':
            return encode_as(text, "BIG5-HKSCS");
          default: {
            std::string cr = s.text;
            std::replace(cr.begin(), cr.end(), '\n', '\r');
            return encode_as(cr, "GB18030");
          }
        }
      },
      [](size_t i) {
        const char* names[] = {"UTF-8", "BIG5-HKSCS", "UTF-16LE", "BIG5-HKSCS", "GB18030"};
        return names[i];
      });
}

// ---- Files that cannot be read --------------------------------------------------------

class Unreadable : public ::testing::Test {
 protected:
  // A folder of the seeds in GB18030, as a reader's download would be.
  fs::path gb_folder() {
    fs::path dir = dir_ / "book";
    for (const Seed& s : seeds()) write_file(dir / s.name, encode_as(s.text, "GB18030"));
    return dir;
  }
  TempDir dir_;
};

TEST_F(Unreadable, PngNamedTxtIsOneLineErrorAndNoBook) {
  fs::path dir = gb_folder();
  fs::path png = dir / "005_cover.txt";
  write_file(png, std::string("\x89PNG\r\n\x1A\n\0\0\0\x0DIHDR\0\0\0\x10", 20));
  fs::path epub = dir_ / "x.epub";
  CommandResult r = run_novelbind("build " + quoted(dir) + " -o " + quoted(epub));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + png.string() +
                          ": binary data, not text (a PNG image signature at offset 0); remove "
                          "the file from the input\n");
  EXPECT_FALSE(fs::exists(epub));
}

TEST_F(Unreadable, TruncatedGb18030) {
  fs::path dir = gb_folder();
  fs::path cut = dir / seeds()[2].name;
  std::string bytes = read_file(cut);
  while (static_cast<unsigned char>(bytes.back()) < 0x80) bytes.pop_back();
  bytes.pop_back();  // the download stopped inside the last character
  write_file(cut, bytes);
  fs::path epub = dir_ / "x.epub";
  CommandResult r = run_novelbind("build " + quoted(dir) + " -o " + quoted(epub));
  EXPECT_EQ(r.exit_code, 1);
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(bytes.back()));
  EXPECT_EQ(r.output, "error: " + cut.string() + ": invalid GB18030 byte " + byte + " at offset " +
                          std::to_string(bytes.size() - 1) +
                          " (the file ends in the middle of a character); pass --encoding to "
                          "override, or --lenient to replace bad bytes\n");
  EXPECT_FALSE(fs::exists(epub));
}

TEST_F(Unreadable, UnknownEncodingName) {
  fs::path dir = gb_folder();
  fs::path epub = dir_ / "x.epub";
  const std::string expected =
      "error: unknown encoding 'GB-18030' (from --encoding or [clean] encoding): iconv does not "
      "know this name; use one such as UTF-8, GB18030, BIG5-HKSCS or UTF-16LE (`iconv -l` lists "
      "them all)\n";
  CommandResult r =
      run_novelbind("build " + quoted(dir) + " -o " + quoted(epub) + " --encoding GB-18030");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, expected);
  EXPECT_FALSE(fs::exists(epub));

  // The same name from book.toml.
  fs::rename(dir, dir_ / "chapters");
  write_file(dir_ / "book.toml", "[clean]\nencoding = \"GB-18030\"\n");
  r = run_novelbind("build " + quoted(dir_ / "book.toml") + " -o " + quoted(epub));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, expected);
  EXPECT_FALSE(fs::exists(epub));
}

TEST_F(Unreadable, ForcedEncodingReadsWhatDetectionCannot) {
  // Two characters in Big5 whose bytes are also two plausible GB18030 characters (盰检):
  // detection cannot know, the reader can.
  fs::path dir = dir_ / "book";
  write_file(dir / "001.txt", encode_as("崩潰\n", "BIG5"));
  fs::path epub = dir_ / "x.epub";
  fs::path report = dir_ / "x.json";
  CommandResult r = run_novelbind("-q build " + quoted(dir) + " -o " + quoted(epub) +
                                  " --encoding big5 --report " + quoted(report));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  std::string all;
  for (const auto& [name, data] : read_epub(epub))
    if (name.ends_with(".xhtml")) all += xhtml_text(data);
  EXPECT_NE(all.find("崩潰"), std::string::npos) << all;
  auto json = nlohmann::json::parse(read_file(report), nullptr, false);
  EXPECT_EQ(json["sources"][0]["encoding"], "BIG5");
}

TEST_F(Unreadable, LenientReplacesAndWarns) {
  fs::path dir = gb_folder();
  fs::path damaged = dir / seeds()[1].name;
  std::string bytes = read_file(damaged);
  size_t at = bytes.find('\n', bytes.size() / 2) + 1;
  write_file(damaged, bytes.substr(0, at) + "\x80" + bytes.substr(at));
  fs::path epub = dir_ / "x.epub";

  CommandResult strict = run_novelbind("build " + quoted(dir) + " -o " + quoted(epub));
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_EQ(strict.output, "error: " + damaged.string() + ": invalid GB18030 byte 0x80 at offset " +
                               std::to_string(at) +
                               "; pass --encoding to override, or --lenient to replace bad "
                               "bytes\n");
  EXPECT_FALSE(fs::exists(epub));

  CommandResult lenient =
      run_novelbind("-q build " + quoted(dir) + " -o " + quoted(epub) + " --lenient");
  EXPECT_EQ(lenient.exit_code, 0);
  long line = 1 + std::count(bytes.begin(), bytes.begin() + static_cast<long>(at), '\n');
  EXPECT_NE(lenient.output.find("warning: " + damaged.string() + ":" + std::to_string(line) +
                                ": replaced 1 undecodable byte with U+FFFD (decoded as GB18030; "
                                "the first at offset " +
                                std::to_string(at) + ") [encoding]\n"),
            std::string::npos)
      << lenient.output;
  std::string all;
  for (const auto& [name, data] : read_epub(epub))
    if (name.ends_with(".xhtml")) all += xhtml_text(data);
  EXPECT_NE(all.find("\uFFFD"), std::string::npos);
}

}  // namespace
}  // namespace novelbind::test

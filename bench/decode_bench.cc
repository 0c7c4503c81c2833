// Decoding speed on a big novel: the two corpus novels, repeated to about 9 MB, decoded by
// decode_text in each encoding readers' files come in, as one file and as chapter files
// of about 10 KB. Prints MB/s of input and the ratio to the bare conversion of the same
// bytes (iconv; from UTF-8 to UTF-8 it validates), the least any decoder must do, so that
// a slow detection or an extra pass shows as a large ratio.
//
//   ./build/decode_bench            (needs ../shared/corpus beside the checkout)
#include <iconv.h>
#include <opencc/opencc.h>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ingest/encoding.h"

namespace fs = std::filesystem;

namespace {

// The shared corpus: beside the checkout in CI, at /work/shared on a developer machine
// whose checkout is a worktree elsewhere.
fs::path corpus_dir() {
  for (fs::path p :
       {fs::path(NOVELBIND_SOURCE_DIR) / "../shared/corpus", fs::path("/work/shared/corpus")})
    if (fs::exists(p / "sanguo.txt")) return p;
  return {};
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `utf8` in `to`; characters `to` cannot hold are left out (the Big5 text is a Simplified
// novel converted to Traditional, with the few characters Big5 lacks dropped).
std::string encode(const std::string& utf8, const std::string& to) {
  iconv_t cd = iconv_open(to.c_str(), "UTF-8");
  std::string out(utf8.size() * 2 + 16, '\0');
  char* ip = const_cast<char*>(utf8.data());
  size_t il = utf8.size();
  char* op = out.data();
  size_t ol = out.size();
  while (iconv(cd, &ip, &il, &op, &ol) == static_cast<size_t>(-1) && errno == EILSEQ) {
    do {  // skip the character
      ++ip;
      --il;
    } while (il > 0 && (static_cast<unsigned char>(*ip) & 0xC0) == 0x80);
  }
  iconv_close(cd);
  out.resize(out.size() - ol);
  return out;
}

std::string to_traditional(const std::string& utf8) {
  opencc_t cc = opencc_open("s2t.json");
  if (cc == reinterpret_cast<opencc_t>(-1)) return utf8;
  char* converted = opencc_convert_utf8(cc, utf8.data(), utf8.size());
  std::string out = converted ? converted : utf8;
  opencc_convert_utf8_free(converted);
  opencc_close(cc);
  return out;
}

// The bare conversion to UTF-8, for comparison.
void bare_iconv(const std::string& bytes, const char* from) {
  iconv_t cd = iconv_open("UTF-8", from);
  std::string out(bytes.size() * 2 + 16, '\0');
  char* ip = const_cast<char*>(bytes.data());
  size_t il = bytes.size();
  char* op = out.data();
  size_t ol = out.size();
  iconv(cd, &ip, &il, &op, &ol);
  iconv_close(cd);
}

template <typename F>
double best_seconds(F f) {
  double best = 1e9;
  for (int i = 0; i < 5; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

}  // namespace

int main() {
  fs::path dir = corpus_dir();
  if (dir.empty()) {
    std::fprintf(stderr,
                 "decode_bench: the corpus is missing (../shared/corpus); cannot measure\n");
    return 1;
  }
  std::string novel = read(dir / "sanguo.txt") + read(dir / "hongloumeng.txt");
  novel += novel;  // about 9 MB: the size of a long web novel
  std::string lf = novel;
  std::erase(lf, '\r');

  struct Case {
    const char* name;
    std::string bytes;
    const char* iconv_name;  // for the bare conversion (UTF-8 to UTF-8 validates)
  };
  std::vector<Case> cases = {
      {"UTF-8, CRLF", novel, "UTF-8"},
      {"UTF-8, LF", lf, "UTF-8"},
      {"GB18030, CRLF", encode(novel, "GB18030"), "GB18030"},
      {"BIG5-HKSCS, CRLF", encode(to_traditional(novel), "BIG5-HKSCS"), "BIG5-HKSCS"},
      {"UTF-16LE + BOM, CRLF", "\xFF\xFE" + encode(novel, "UTF-16LE"), "UTF-16LE"},
  };
  std::printf("%-30s %6s %9s %8s %7s\n", "input", "MB", "seconds", "MB/s", "x bare");
  for (const Case& c : cases) {
    for (bool chapters : {false, true}) {
      // Chapter files: pieces of about 10 KB cut at a line end, as a scraper saves them.
      if (chapters && c.bytes.starts_with("\xFF\xFE")) continue;  // later pieces lack the BOM
      std::vector<std::string_view> files;
      std::string_view rest = c.bytes;
      while (!rest.empty()) {
        size_t n = chapters ? rest.find('\n', std::min(rest.size(), size_t{10000})) : rest.npos;
        n = n == rest.npos ? rest.size() : n + 1;
        files.push_back(rest.substr(0, n));
        rest.remove_prefix(n);
      }
      std::string encoding;
      size_t failed = 0;
      double s = best_seconds([&] {
        for (std::string_view f : files) {
          auto r = novelbind::decode_text(f, "novel.txt", {});
          failed += !r;
          if (r) encoding = r->encoding;
        }
      });
      double bare = best_seconds([&] {
        for (std::string_view f : files) bare_iconv(std::string(f), c.iconv_name);
      });
      double mb = c.bytes.size() / 1e6;
      std::string name = std::string(c.name) + (chapters ? ", 10 KB files" : "");
      std::printf("%-30s %6.2f %9.4f %8.1f %7.2f  (%s%s)\n", name.c_str(), mb, s, mb / s, s / bare,
                  encoding.c_str(), failed ? ", SOME FAILED" : "");
    }
  }
  return 0;
}

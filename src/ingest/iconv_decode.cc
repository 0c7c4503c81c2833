#include "ingest/iconv_decode.h"

#include <iconv.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <unordered_map>

namespace novelbind {
namespace {

struct IconvCloser {
  void operator()(void* cd) const { iconv_close(static_cast<iconv_t>(cd)); }
};
using IconvHandle = std::unique_ptr<void, IconvCloser>;

// A fresh decoder from `from` to UTF-8 (stateful ones such as "UTF-16" must start anew
// for each file: resetting with iconv(cd, NULL, ...) does not forget a byte order mark);
// nullptr when iconv does not know the name. One more decoder per encoding is kept open
// per thread because glibc unloads a converter module soon after its last iconv_close,
// and detection, which tries several candidates per file, then paid a dlopen each time.
IconvHandle open_decoder(const std::string& from) {
  iconv_t cd = iconv_open("UTF-8", from.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return nullptr;
  thread_local std::unordered_map<std::string, IconvHandle> keep_loaded;
  if (!keep_loaded.contains(from))
    keep_loaded.emplace(from, IconvHandle(iconv_open("UTF-8", from.c_str())));
  return IconvHandle(cd);
}

}  // namespace

Conversion iconv_decode(std::string_view in, const std::string& from, bool lenient) {
  Conversion c;
  IconvHandle handle = open_decoder(from);
  auto cd = static_cast<iconv_t>(handle.get());
  if (!cd) {
    c.bad_bytes = 1;
    c.first_bad = 0;
    return c;
  }
  std::string& out = c.text;
  // UTF-8 is at most 1.5 times as long as GB18030, Big5 or UTF-16 (2 bytes -> 3) except
  // for Big5-HKSCS's few composed pairs (2 -> 4) and single-byte encodings (1 -> 3); those
  // grow the buffer on E2BIG.
  out.resize(in.size() + in.size() / 2 + 16);
  char* ip = const_cast<char*>(in.data());
  size_t il = in.size();
  size_t used = 0;
  auto grow = [&] { out.resize(out.size() * 2); };
  auto step = [&](char** inp, size_t* inl) {
    char* op = out.data() + used;
    size_t ol = out.size() - used;
    size_t r = iconv(cd, inp, inl, &op, &ol);
    used = static_cast<size_t>(op - out.data());
    return r;
  };
  while (true) {
    size_t r = step(&ip, &il);
    if (r != static_cast<size_t>(-1)) break;
    if (errno == E2BIG) {
      grow();
      continue;
    }
    size_t offset = static_cast<size_t>(ip - in.data());
    if (c.bad_bytes++ == 0) {
      c.first_bad = offset;
      c.cut_off = errno == EINVAL;
    }
    if (!lenient) {
      out.resize(used);  // what decoded before the bad byte
      return c;
    }
    if (out.size() - used < 3) grow();
    c.bad.push_back({offset, used});
    std::memcpy(out.data() + used, "\xEF\xBF\xBD", 3);
    used += 3;
    ++ip;
    --il;
    iconv(cd, nullptr, nullptr, nullptr, nullptr);  // drop any half-read character
    if (il == 0) break;
  }
  // Flush: a stateful decoder may still hold a character.
  while (step(nullptr, nullptr) == static_cast<size_t>(-1) && errno == E2BIG) grow();
  out.resize(used);
  return c;
}

bool iconv_knows(const std::string& name) {
  return open_decoder(name) != nullptr;
}

}  // namespace novelbind

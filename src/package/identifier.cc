#include "package/identifier.h"

#include <nettle/sha1.h>

#include <cstdint>

namespace novelbind {
namespace {

std::string hex(std::string_view bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

}  // namespace

std::string derive_identifier(std::string_view title, std::string_view author) {
  // novelbind's namespace UUID: 6f1c8a2e-4b1d-5c1e-9a53-6e6f76656c62 (fixed forever).
  static const std::uint8_t ns[16] = {0x6f, 0x1c, 0x8a, 0x2e, 0x4b, 0x1d, 0x5c, 0x1e,
                                      0x9a, 0x53, 0x6e, 0x6f, 0x76, 0x65, 0x6c, 0x62};
  std::string name = std::string(title) + '\x1f' + std::string(author);
  sha1_ctx ctx;
  sha1_init(&ctx);
  sha1_update(&ctx, sizeof ns, ns);
  sha1_update(&ctx, name.size(), reinterpret_cast<const std::uint8_t*>(name.data()));
  std::uint8_t digest[SHA1_DIGEST_SIZE];
  sha1_digest(&ctx, sizeof digest, digest);
  std::string h(reinterpret_cast<const char*>(digest), 16);
  h[6] = static_cast<char>((h[6] & 0x0F) | 0x50);
  h[8] = static_cast<char>((h[8] & 0x3F) | 0x80);
  std::string x = hex(h);
  return "urn:uuid:" + x.substr(0, 8) + "-" + x.substr(8, 4) + "-" + x.substr(12, 4) + "-" +
         x.substr(16, 4) + "-" + x.substr(20, 12);
}

}  // namespace novelbind

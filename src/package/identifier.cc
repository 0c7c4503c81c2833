#include "package/identifier.h"

#include <openssl/evp.h>
#include <cstdio>

namespace novelbind {
namespace {

std::string digest(const EVP_MD* md, std::string_view prefix, std::string_view data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  EVP_DigestInit_ex(ctx, md, nullptr);
  EVP_DigestUpdate(ctx, prefix.data(), prefix.size());
  EVP_DigestUpdate(ctx, data.data(), data.size());
  EVP_DigestFinal_ex(ctx, out, &len);
  EVP_MD_CTX_free(ctx);
  return std::string(reinterpret_cast<char*>(out), len);
}

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
  static const unsigned char ns[16] = {0x6f, 0x1c, 0x8a, 0x2e, 0x4b, 0x1d, 0x5c, 0x1e,
                                       0x9a, 0x53, 0x6e, 0x6f, 0x76, 0x65, 0x6c, 0x62};
  std::string name = std::string(title) + '\x1f' + std::string(author);
  std::string h = digest(EVP_sha1(), std::string_view(reinterpret_cast<const char*>(ns), 16), name);
  h[6] = static_cast<char>((h[6] & 0x0F) | 0x50);
  h[8] = static_cast<char>((h[8] & 0x3F) | 0x80);
  std::string x = hex(h.substr(0, 16));
  return "urn:uuid:" + x.substr(0, 8) + "-" + x.substr(8, 4) + "-" + x.substr(12, 4) + "-" +
         x.substr(16, 4) + "-" + x.substr(20, 12);
}

std::string sha256_hex(std::string_view data) {
  return hex(digest(EVP_sha256(), "", data));
}

}  // namespace novelbind

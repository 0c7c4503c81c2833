#include "clean.h"

namespace novelbind {
namespace {

bool is_space_at(const std::string& s, size_t i, size_t* len) {
  unsigned char c = s[i];
  if (c == ' ' || c == '\t') return *len = 1, true;
  if (s.compare(i, 3, "\xE3\x80\x80") == 0) return *len = 3, true;  // U+3000
  if (s.compare(i, 2, "\xC2\xA0") == 0) return *len = 2, true;      // U+00A0
  return false;
}

std::string trim(const std::string& s) {
  size_t b = 0, len = 0;
  while (b < s.size() && is_space_at(s, b, &len)) b += len;
  size_t e = s.size();
  while (e > b) {
    size_t k = e - 1;
    while (k > b && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) --k;
    if (!is_space_at(s, k, &len) || k + len != e) break;
    e = k;
  }
  return s.substr(b, e - b);
}

}  // namespace

Result<Cleaner> Cleaner::create(const CleanConfig& config) {
  Cleaner c;
  c.config_ = config;
  return c;
}

void Cleaner::learn(const std::vector<Chapter>&) {}

void Cleaner::clean(Chapter& chapter, const std::string&) const {
  std::vector<Paragraph> kept;
  for (Paragraph& p : chapter.paragraphs) {
    p.text = trim(p.text);
    if (!p.text.empty()) kept.push_back(std::move(p));
  }
  chapter.paragraphs = std::move(kept);
}

}  // namespace novelbind

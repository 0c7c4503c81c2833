#include "config/metadata_check.h"

#include <cstdio>
#include <vector>

namespace novelbind {

std::string control_character_error(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    unsigned code = 0;
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
      code = c;
    } else if (c == 0xEF && i + 2 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) == 0xBF &&
               (static_cast<unsigned char>(text[i + 2]) == 0xBE ||
                static_cast<unsigned char>(text[i + 2]) == 0xBF)) {
      code = static_cast<unsigned char>(text[i + 2]) == 0xBE ? 0xFFFE : 0xFFFF;
    } else {
      continue;
    }
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", code);
    return std::string("contains the control character ") + buf +
           ", which an EPUB cannot hold; remove it";
  }
  return "";
}

std::string without_control_characters(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') continue;
    if (c == 0xEF && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xBF &&
        (static_cast<unsigned char>(text[i + 2]) & 0xFE) == 0xBE) {
      i += 2;  // U+FFFE or U+FFFF
      continue;
    }
    out += text[i];
  }
  return out;
}

namespace {

bool all_of(std::string_view s, bool (*pred)(char)) {
  for (char c : s)
    if (!pred(c)) return false;
  return true;
}
bool alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool digit(char c) {
  return c >= '0' && c <= '9';
}
bool alnum(char c) {
  return alpha(c) || digit(c);
}

std::vector<std::string_view> subtags(std::string_view tag) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (;;) {
    size_t dash = tag.find('-', start);
    out.push_back(tag.substr(start, dash == std::string_view::npos ? dash : dash - start));
    if (dash == std::string_view::npos) return out;
    start = dash + 1;
  }
}

}  // namespace

bool is_language_tag(std::string_view tag) {
  if (tag.empty() || tag.size() > 64) return false;
  std::vector<std::string_view> parts = subtags(tag);
  for (std::string_view p : parts)
    if (p.empty() || p.size() > 8 || !all_of(p, alnum)) return false;
  size_t i = 0;
  auto lower = [](std::string_view p) {
    std::string s(p);
    for (char& c : s) c = static_cast<char>(c | 0x20);
    return s;
  };
  // privateuse (x-...) and the grandfathered i-... tags: subtags of 1 to 8 alphanumerics
  std::string first = lower(parts[0]);
  if (first == "x" || first == "i") return parts.size() > 1;
  // language: 2-3 letters (with up to three 3-letter extlang subtags), or 4-8 letters
  if (!all_of(parts[0], alpha) || parts[0].size() < 2) return false;
  ++i;
  if (parts[0].size() <= 3)
    for (int e = 0; e < 3 && i < parts.size() && parts[i].size() == 3 && all_of(parts[i], alpha);
         ++e)
      ++i;
  if (i < parts.size() && parts[i].size() == 4 && all_of(parts[i], alpha)) ++i;  // script
  if (i < parts.size() && ((parts[i].size() == 2 && all_of(parts[i], alpha)) ||
                           (parts[i].size() == 3 && all_of(parts[i], digit))))
    ++i;  // region
  // variants: 5-8 alphanumerics, or a digit and 3 alphanumerics
  while (i < parts.size() && (parts[i].size() >= 5 || (parts[i].size() == 4 && digit(parts[i][0]))))
    ++i;
  // extensions: a singleton (not x) and subtags of 2 to 8; then private use
  while (i < parts.size() && parts[i].size() == 1) {
    bool private_use = lower(parts[i]) == "x";
    ++i;
    size_t start = i;
    while (i < parts.size() && (private_use || parts[i].size() >= 2)) ++i;
    if (i == start) return false;
    if (private_use) break;
  }
  return i == parts.size();
}

std::string language_tag_error(std::string_view tag) {
  if (is_language_tag(tag)) return "";
  return "'" + std::string(tag) +
         "' is not a BCP 47 language tag; use one like zh-Hant, zh-Hans, zh-TW or en";
}

}  // namespace novelbind

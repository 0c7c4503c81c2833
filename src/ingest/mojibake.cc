#include "ingest/mojibake.h"

#include <cstring>

#include "base/utf8.h"
#include "ingest/iconv_decode.h"

namespace novelbind {
namespace {

constexpr int kMinLatin1 = 4;

bool is_ascii_letter(char32_t c) {
  return c < 0x80 && (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

// The line's bytes as a Latin-1 encoder would write them, when every character of it is ASCII
// (no letter) or Latin-1, four of them at least; "" otherwise.
std::string latin1_bytes(std::string_view line) {
  std::string bytes;
  int high = 0;
  for (std::size_t i = 0; i < line.size();) {
    char32_t c = utf8::next(line, &i);
    // (A no-break space is itself, not a byte of GBK: a line indented with them is text.)
    if (c > 0xFF || c == 0xA0 || is_ascii_letter(c)) return "";
    high += c >= 0x80;
    bytes += static_cast<char>(c);
  }
  return high >= kMinLatin1 ? bytes : "";
}

// Whether `text` is Chinese only: ideographs (two at least), CJK and full-width punctuation,
// ASCII digits, punctuation and spaces.
bool chinese_only(std::string_view text) {
  int ideographs = 0;
  for (std::size_t i = 0; i < text.size();) {
    char32_t c = utf8::next(text, &i);
    if (c >= 0x4E00 && c <= 0x9FFF) {
      ++ideographs;
    } else if (!(c < 0x80 && !is_ascii_letter(c)) && !(c >= 0x3000 && c <= 0x303F) &&
               !(c >= 0xFF01 && c <= 0xFF5E)) {
      return false;
    }
  }
  return ideographs >= 2;
}

// Whether the bytes' high ones pair as GB2312's characters do (both bytes A1-FE, the first at
// most F7): a crawler's headings are written in everyday characters, and bytes that pair only
// as GBK's additions (A0A0, 牋) are rather something else.
bool gb2312_pairs(std::string_view bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    auto lead = static_cast<unsigned char>(bytes[i]);
    if (lead < 0x80) continue;
    if (i + 1 >= bytes.size()) return false;
    auto trail = static_cast<unsigned char>(bytes[++i]);
    if (lead < 0xA1 || lead > 0xF7 || trail < 0xA1 || trail > 0xFE) return false;
  }
  return true;
}

}  // namespace

MojibakeRepair repair_gbk_read_as_latin1(std::string* text) {
  MojibakeRepair out;
  // Latin-1 characters are two bytes in UTF-8, led by C2 or C3: most texts hold none.
  if (!std::memchr(text->data(), '\xC2', text->size()) &&
      !std::memchr(text->data(), '\xC3', text->size()))
    return out;
  std::string result;
  result.reserve(text->size());
  int number = 0;
  for (std::size_t start = 0; start <= text->size();) {
    std::size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    ++number;
    std::string_view line = std::string_view(*text).substr(start, end - start);
    std::string bytes = latin1_bytes(line);
    Conversion again;
    if (!bytes.empty() && gb2312_pairs(bytes)) again = iconv_decode(bytes, "GB18030", false);
    if (!bytes.empty() && again.ok() && !again.text.empty() && chinese_only(again.text)) {
      if (out.lines++ == 0) {
        out.first_line = number;
        out.first_before = std::string(line);
        out.first_after = again.text;
      }
      result += again.text;
    } else {
      result += line;
    }
    if (end < text->size()) result += '\n';
    start = end + 1;
  }
  if (out.lines > 0) *text = std::move(result);
  return out;
}

}  // namespace novelbind

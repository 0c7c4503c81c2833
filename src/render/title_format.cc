#include "render/title_format.h"

#include <string_view>

#include "base/chinese_number.h"
#include "base/utf8.h"
#include "structure/heading_shape.h"

namespace novelbind {
namespace {

// `title` without its number and what stands around it: 雪 of 第一章 雪, of 001 雪.
std::string name_of(const std::string& title) {
  auto shape = parse_heading_shape(title);
  if (!shape || !shape->number) return title;
  return std::string(heading_title(utf8::trim(title), *shape));
}

// Runs of spaces made one, and none at either end (a title without a name: "第12章 ").
std::string tidy(const std::string& s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace

std::string format_title(const TitleFormat& format, long long number, const std::string& title,
                         bool traditional) {
  using Piece = TitleFormat::Piece;
  std::string out;
  for (const Piece& p : format.pieces()) {
    switch (p.kind) {
      case Piece::kText:
        out += p.text;
        break;
      case Piece::kNumber:
        out += std::to_string(number);
        break;
      case Piece::kPadded: {
        std::string digits = std::to_string(number);
        if (digits.size() < static_cast<size_t>(p.width))
          digits.insert(0, static_cast<size_t>(p.width) - digits.size(), '0');
        out += digits;
        break;
      }
      case Piece::kChinese:
        out += chinese_numeral(number, traditional);
        break;
      case Piece::kName:
        out += name_of(title);
        break;
      case Piece::kTitle:
        out += title;
        break;
    }
  }
  return tidy(out);
}

int apply_title_format(Book& book, const std::string& format) {
  if (format.empty()) return 0;
  auto parsed = TitleFormat::parse(format);
  if (!parsed) return 0;
  const std::string& lang = book.meta.language;
  bool traditional =
      lang.rfind("zh-Hant", 0) == 0 || lang == "zh-TW" || lang == "zh-HK" || lang == "zh-MO";
  int changed = 0;
  for (Chapter& c : book.chapters) {
    // A volume's own text (titled as the volume) and chapters without a number keep theirs.
    if (!c.number || c.front_matter || (!c.volume.empty() && c.title == c.volume)) continue;
    std::string title = format_title(*parsed, *c.number, c.title, traditional);
    if (title.empty() || title == c.title) continue;
    c.title = std::move(title);
    ++changed;
  }
  return changed;
}

}  // namespace novelbind

#include "render/title_format.h"

#include <string_view>

#include "base/utf8.h"
#include "structure/chinese_number.h"
#include "structure/heading_shape.h"

namespace novelbind {
namespace {

const char* const kPlaceholders =
    "{number}, {number:03} (zero-padded to 3 digits), {number:zh}, {name} or {title}";

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

Result<TitleFormat> TitleFormat::parse(const std::string& format) {
  TitleFormat out;
  std::string text;
  auto flush = [&] {
    if (!text.empty()) out.pieces_.push_back({Piece::kText, std::move(text), 0});
    text.clear();
  };
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if ((c == '{' || c == '}') && i + 1 < format.size() && format[i + 1] == c) {
      text += c;
      ++i;
      continue;
    }
    if (c == '}')
      return Status::Error("a '}' without its '{' at character " + std::to_string(i + 1) +
                           "; write }} for a brace");
    if (c != '{') {
      text += c;
      continue;
    }
    size_t end = format.find('}', i);
    if (end == std::string::npos)
      return Status::Error("a '{' that is not closed; write {{ for a brace, or use " +
                           std::string(kPlaceholders));
    std::string name = format.substr(i + 1, end - i - 1);
    Piece piece;
    if (name == "number") {
      piece.kind = Piece::kNumber;
    } else if (name == "number:zh") {
      piece.kind = Piece::kChinese;
    } else if (name == "name") {
      piece.kind = Piece::kName;
    } else if (name == "title") {
      piece.kind = Piece::kTitle;
    } else if (name.size() >= 9 && name.rfind("number:0", 0) == 0 &&
               name.find_first_not_of("0123456789", 8) == std::string::npos &&
               std::stoi(name.substr(8)) >= 1 && std::stoi(name.substr(8)) <= 9) {
      piece.kind = Piece::kPadded;
      piece.width = std::stoi(name.substr(8));
    } else {
      return Status::Error("unknown placeholder '{" + name + "}'; use " + kPlaceholders);
    }
    flush();
    out.pieces_.push_back(std::move(piece));
    i = end;
  }
  flush();
  return out;
}

std::string TitleFormat::apply(long long number, const std::string& title, bool traditional) const {
  std::string out;
  for (const Piece& p : pieces_) {
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
    std::string title = parsed->apply(*c.number, c.title, traditional);
    if (title.empty() || title == c.title) continue;
    c.title = std::move(title);
    ++changed;
  }
  return changed;
}

}  // namespace novelbind

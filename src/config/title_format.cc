#include "config/title_format.h"

namespace novelbind {
namespace {

const char* const kPlaceholders =
    "{number}, {number:03} (zero-padded to 3 digits), {number:zh}, {name} or {title}";

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

}  // namespace novelbind

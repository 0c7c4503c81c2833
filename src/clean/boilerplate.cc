#include "clean/boilerplate.h"

#include "base/resources.h"

namespace novelbind {

Result<std::vector<BoilerplatePattern>> parse_boilerplate(std::string_view text,
                                                          const std::string& name) {
  std::vector<BoilerplatePattern> out;
  int line_number = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    std::size_t t1 = line.find('\t');
    std::size_t t2 = t1 == std::string_view::npos ? t1 : line.find('\t', t1 + 1);
    std::string where = name + ":" + std::to_string(line_number) + ": ";
    if (t2 == std::string_view::npos) return Status::Error(where + "expected id<TAB>kind<TAB>text");
    BoilerplatePattern p;
    p.id = std::string(line.substr(0, t1));
    std::string_view kind = line.substr(t1 + 1, t2 - t1 - 1);
    p.text = std::string(line.substr(t2 + 1));
    using K = BoilerplatePattern::Kind;
    if (kind == "tail")
      p.kind = K::kTail;
    else if (kind == "rest")
      p.kind = K::kRest;
    else if (kind == "line")
      p.kind = K::kLine;
    else if (kind == "block")
      p.kind = K::kBlock;
    else if (kind == "promo")
      p.kind = K::kPromo;
    else if (kind == "nav")
      p.kind = K::kNav;
    else if (kind == "inline")
      p.kind = K::kInline;
    else if (kind == "account")
      p.kind = K::kAccount;
    else if (kind == "url")
      p.kind = K::kUrl;
    else
      return Status::Error(
          where + "unknown kind '" + std::string(kind) +
          "'; expected tail, rest, line, block, promo, nav, inline, account or url");
    if (p.text.empty() && p.kind != K::kUrl) return Status::Error(where + "the text is empty");
    out.push_back(std::move(p));
  }
  return out;
}

const std::vector<BoilerplatePattern>& builtin_boilerplate() {
  static const std::vector<BoilerplatePattern> all = [] {
    auto parsed =
        parse_boilerplate(builtin_resource("data/boilerplate.txt"), "data/boilerplate.txt");
    // The file is compiled in and tested; a broken one is a build defect, not user input.
    return parsed ? std::move(*parsed) : std::vector<BoilerplatePattern>{};
  }();
  return all;
}

}  // namespace novelbind

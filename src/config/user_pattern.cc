#include "config/user_pattern.h"

#include <re2/re2.h>

namespace novelbind {
namespace {

bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// ECMAScript's \uXXXX as RE2's \x{XXXX}; an escaped backslash (\\u) is left alone.
std::string translate(std::string_view pattern) {
  std::string out;
  out.reserve(pattern.size());
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '\\' && i + 1 < pattern.size()) {
      if (pattern[i + 1] == 'u' && i + 5 < pattern.size() && is_hex(pattern[i + 2]) &&
          is_hex(pattern[i + 3]) && is_hex(pattern[i + 4]) && is_hex(pattern[i + 5])) {
        out += "\\x{";
        out += pattern.substr(i + 2, 4);
        out += '}';
        i += 5;
        continue;
      }
      out += pattern.substr(i, 2);
      ++i;
      continue;
    }
    out += pattern[i];
  }
  return out;
}

RE2::Options options() {
  RE2::Options o;
  o.set_log_errors(false);
  o.set_encoding(RE2::Options::EncodingUTF8);
  return o;
}

}  // namespace

Result<UserPattern> UserPattern::compile(std::string_view pattern) {
  std::string translated = translate(pattern);
  auto re = std::make_shared<const RE2>(translated, options());
  if (!re->ok()) {
    return Status::Error("'" + std::string(pattern) + "' is not a valid regular expression (" +
                         re->error() + ")");
  }
  // The same pattern tied to the end of the text, for tail_start: RE2 finds its leftmost
  // match in one linear pass.
  auto tail = std::make_shared<const RE2>("(?:" + translated + ")\\z", options());
  if (!tail->ok()) {
    return Status::Error("'" + std::string(pattern) + "' is not a valid regular expression (" +
                         tail->error() + ")");
  }
  UserPattern p;
  p.pattern_ = std::string(pattern);
  p.re_ = std::move(re);
  p.tail_ = std::move(tail);
  return p;
}

bool UserPattern::full_match(std::string_view text) const {
  return re_->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::ANCHOR_BOTH,
                    nullptr, 0);
}

bool UserPattern::search(std::string_view text, std::string_view* first_group) const {
  re2::StringPiece groups[2];
  int n = first_group && re_->NumberOfCapturingGroups() >= 1 ? 2 : 0;
  bool found = re_->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(),
                          RE2::UNANCHORED, groups, n);
  if (first_group) {
    *first_group = found && n == 2 && groups[1].data()
                       ? std::string_view(groups[1].data(), groups[1].size())
                       : std::string_view();
  }
  return found;
}

std::size_t UserPattern::tail_start(std::string_view text) const {
  re2::StringPiece match;
  if (!tail_->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::UNANCHORED,
                    &match, 1) ||
      match.empty())
    return std::string_view::npos;
  return static_cast<std::size_t>(match.data() - text.data());
}

}  // namespace novelbind

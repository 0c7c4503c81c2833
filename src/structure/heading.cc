#include "structure/heading.h"

#include <algorithm>

#include "base/chinese_number.h"
#include "base/utf8.h"

namespace novelbind {

Result<HeadingRecognizer> HeadingRecognizer::create(const ChaptersConfig& config) {
  HeadingRecognizer r;
  r.max_length_ = static_cast<size_t>(std::max(1, config.heading_max_length));
  if (!config.heading.empty()) {
    auto compiled = UserPattern::compile(config.heading);
    if (!compiled)
      return Status::Error("[chapters] heading: " + compiled.message() +
                           "; fix the pattern in book.toml");
    r.user_ = std::make_shared<const UserPattern>(std::move(*compiled));
  }
  return r;
}

const HeadingRecognizer& HeadingRecognizer::builtin() {
  static const HeadingRecognizer r = [] {
    HeadingRecognizer b;
    b.max_length_ = 1000;
    return b;
  }();
  return r;
}

const std::string& HeadingRecognizer::front_title() const {
  return front_section_title();
}

std::optional<Heading> HeadingRecognizer::match(std::string_view line) const {
  if (line.empty() || line.size() > max_length_ * 4) return std::nullopt;  // 4 bytes at most a char
  if (utf8::length(line) > max_length_) return std::nullopt;
  return user_ ? match_user(line) : match_builtin(line);
}

std::optional<Heading> HeadingRecognizer::match_builtin(std::string_view t) const {
  auto shape = parse_heading_shape(t);
  if (!shape || shape->contents_label) return std::nullopt;
  Heading h;
  h.kind = shape->kind;
  h.place = shape->place;
  h.number = shape->number;
  h.chapter_offset = shape->chapter_offset;
  return h;
}

std::optional<Heading> HeadingRecognizer::match_user(std::string_view t) const {
  std::string_view group;
  if (!user_->search(t, &group)) return std::nullopt;
  Heading h;
  if (group.data()) h.number = parse_number(group);
  // Without a usable group, the number is the one after 第, or the one the line starts with.
  for (size_t p = 0; !h.number && p < t.size();) {
    size_t q = p;
    char32_t c = utf8::next(t, &q);
    if (c == U'第' || p == 0) {
      size_t from = c == U'第' ? q : p;
      size_t n = numeral_prefix_length(t.substr(from));
      if (n) h.number = parse_number(t.substr(from, n));
    }
    p = q;
  }
  return h;
}

}  // namespace novelbind

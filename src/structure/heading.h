// Recognises one chapter or volume heading line on its own: 第一百零三章 風起, 第１２回：歸來,
// 序章, 番外一 雪夜, Chapter 12, 第二卷 北伐, 卷三, 一、雪夜 (any shape heading_shape.h knows).
// Which shapes a book really uses is decided from the whole book (heading_scheme.h); this
// classifies a line already known to be a heading, and applies book.toml's
// `[chapters] heading`, which replaces the inference with one regular expression.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/status.h"
#include "config/config.h"
#include "config/user_pattern.h"
#include "structure/heading_shape.h"

namespace novelbind {

struct Heading {
  HeadingKind kind = HeadingKind::kChapter;
  HeadingPlace place = HeadingPlace::kBody;
  std::optional<long long> number;  // 第一百零三章 -> 103; 番外二 -> 2; 序章 -> none
  // For a volume line that also opens a chapter ("第一卷 風起 第一章 少年"): the byte offset
  // of the chapter heading in the line; 0 otherwise.
  size_t chapter_offset = 0;
};

class HeadingRecognizer {
 public:
  // The built-in patterns, or the user's regular expression when `config.heading` is set
  // (an invalid one is an error naming it). Lines longer than `config.heading_max_length`
  // characters are never headings.
  static Result<HeadingRecognizer> create(const ChaptersConfig& config);

  // The built-in patterns without a length limit: for classifying text already known to be a
  // heading (a chapter title, a volume title).
  static const HeadingRecognizer& builtin();

  // The heading `line` is, if any. `line` must be trimmed (utf8::trim).
  std::optional<Heading> match(std::string_view line) const;

  // The title given to text found before a file's first heading (前言).
  const std::string& front_title() const;

  // Whether book.toml's `[chapters] heading` decides the headings (no inference).
  bool user_pattern() const { return user_ != nullptr; }
  size_t max_length() const { return max_length_; }

 private:
  std::optional<Heading> match_builtin(std::string_view line) const;
  std::optional<Heading> match_user(std::string_view line) const;

  std::shared_ptr<const UserPattern> user_;  // [chapters] heading, run on RE2
  size_t max_length_ = 40;
};

}  // namespace novelbind

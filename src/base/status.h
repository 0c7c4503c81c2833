// Status and Result<T>: how a function that can fail says so in its signature.
// The message is complete ("chapters/0042.txt:17: invalid byte ...; pass --encoding ...")
// and travels unchanged up to the one place that prints it (main).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace novelbind {

class [[nodiscard]] Status {
 public:
  Status() = default;
  static Status Ok() { return Status(); }
  static Status Error(std::string message) { return Status(std::move(message)); }

  bool ok() const { return !message_.has_value(); }
  explicit operator bool() const { return ok(); }
  // The error text; empty for a success.
  const std::string& message() const {
    static const std::string empty;
    return message_ ? *message_ : empty;
  }

 private:
  explicit Status(std::string message) : message_(std::move(message)) {}
  std::optional<std::string> message_;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Status error) : value_(std::move(error)) {}

  bool ok() const { return std::holds_alternative<T>(value_); }
  explicit operator bool() const { return ok(); }
  // Only valid when ok().
  T& value() & { return std::get<T>(value_); }
  const T& value() const& { return std::get<T>(value_); }
  T&& value() && { return std::get<T>(std::move(value_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  // The error; Status::Ok() when ok().
  Status status() const { return ok() ? Status::Ok() : std::get<Status>(value_); }
  const std::string& message() const {
    static const std::string empty;
    return ok() ? empty : std::get<Status>(value_).message();
  }

 private:
  std::variant<T, Status> value_;
};

}  // namespace novelbind

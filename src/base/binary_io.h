// A small binary format for values kept between builds (file units, a built book's findings,
// the evidence of the stages that learn from the whole book): fixed-size numbers in the
// machine's byte order (a cache never leaves its machine) and
// length-prefixed strings and lists. Reader never reads past its input; a short or damaged
// input makes ok() false.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace novelbind {

class Writer {
 public:
  template <typename T>
  requires std::is_arithmetic_v<T>
  void put(T value) { out_.append(reinterpret_cast<const char*>(&value), sizeof value); }
  void put(std::string_view s) {
    put<std::uint32_t>(static_cast<std::uint32_t>(s.size()));
    out_.append(s);
  }
  void put(const std::vector<std::string>& list) {
    put<std::uint32_t>(static_cast<std::uint32_t>(list.size()));
    for (const std::string& s : list) put(std::string_view(s));
  }
  template <typename T>
  requires std::is_arithmetic_v<T>
  void put(const std::vector<T>& list) {
    put<std::uint32_t>(static_cast<std::uint32_t>(list.size()));
    out_.append(reinterpret_cast<const char*>(list.data()), list.size() * sizeof(T));
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool at_end() const { return in_.empty(); }
  // Marks the input as not a whole record (a count the bytes cannot hold, say).
  void fail() { ok_ = false; }

  template <typename T>
  requires std::is_arithmetic_v<T> T get() {
    T value{};
    if (in_.size() < sizeof value) {
      ok_ = false;
      return value;
    }
    std::memcpy(&value, in_.data(), sizeof value);
    in_.remove_prefix(sizeof value);
    return value;
  }
  std::string_view view() {
    auto n = get<std::uint32_t>();
    if (!ok_ || in_.size() < n) {
      ok_ = false;
      return {};
    }
    std::string_view s = in_.substr(0, n);
    in_.remove_prefix(n);
    return s;
  }
  std::string str() { return std::string(view()); }
  // A count of items of at least `min_bytes` each, refused when the rest cannot hold them.
  std::size_t count(std::size_t min_bytes) {
    auto n = get<std::uint32_t>();
    if (!ok_ || n > in_.size() / std::max<std::size_t>(min_bytes, 1)) {
      ok_ = false;
      return 0;
    }
    return n;
  }
  std::vector<std::string> strings() {
    std::vector<std::string> out(count(4));
    for (std::string& s : out) s = str();
    return out;
  }
  template <typename T>
  requires std::is_arithmetic_v<T> std::vector<T> numbers() {
    std::vector<T> out(count(sizeof(T)));
    if (!out.empty()) {
      std::memcpy(out.data(), in_.data(), out.size() * sizeof(T));
      in_.remove_prefix(out.size() * sizeof(T));
    }
    return out;
  }

 private:
  std::string_view in_;
  bool ok_ = true;
};

}  // namespace novelbind

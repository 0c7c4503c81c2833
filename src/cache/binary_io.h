// A small binary format for what the build cache keeps (file units, a built book's findings):
// fixed-size numbers in the machine's byte order (a cache never leaves its machine) and
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

#include "book.h"

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

// The book structures the cache's records share.

inline void put_diagnostics(Writer& w, const std::vector<Diagnostic>& list) {
  w.put<std::uint32_t>(static_cast<std::uint32_t>(list.size()));
  for (const Diagnostic& d : list) {
    w.put(d.rule);
    w.put(d.file);
    w.put<std::int32_t>(d.line);
    w.put(d.message);
  }
}

inline std::vector<Diagnostic> get_diagnostics(Reader& r) {
  std::vector<Diagnostic> list(r.count(16));
  for (Diagnostic& d : list) {
    d.rule = r.str();
    d.file = r.str();
    d.line = r.get<std::int32_t>();
    d.message = r.str();
  }
  return list;
}

inline void put_repairs(Writer& w, const std::vector<Repair>& list) {
  w.put<std::uint32_t>(static_cast<std::uint32_t>(list.size()));
  for (const Repair& rep : list) {
    w.put(rep.rule);
    w.put(rep.file);
    w.put<std::int32_t>(rep.line);
    w.put(rep.before);
    w.put(rep.after);
  }
}

inline std::vector<Repair> get_repairs(Reader& r) {
  std::vector<Repair> list(r.count(20));
  for (Repair& rep : list) {
    rep.rule = r.str();
    rep.file = r.str();
    rep.line = r.get<std::int32_t>();
    rep.before = r.str();
    rep.after = r.str();
  }
  return list;
}

// A chapter's heading number, which may be absent.
inline void put_number(Writer& w, const std::optional<long long>& number) {
  w.put<std::uint8_t>(number.has_value());
  w.put<std::int64_t>(number.value_or(0));
}

inline std::optional<long long> get_number(Reader& r) {
  bool has_number = r.get<std::uint8_t>();
  auto number = r.get<std::int64_t>();
  return has_number ? std::optional<long long>(number) : std::nullopt;
}

}  // namespace novelbind

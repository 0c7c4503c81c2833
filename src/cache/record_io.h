// The book structures the cache's records share, in the binary format of base/binary_io.h.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/binary_io.h"
#include "book.h"

namespace novelbind {

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

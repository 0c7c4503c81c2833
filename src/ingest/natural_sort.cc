#include "ingest/natural_sort.h"

#include <cctype>

namespace novelbind {
namespace {
bool digit(char c) {
  return c >= '0' && c <= '9';
}
}  // namespace

bool natural_less(std::string_view a, std::string_view b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      std::string_view na = a.substr(i, ei - i), nb = b.substr(j, ej - j);
      size_t za = na.find_first_not_of('0'), zb = nb.find_first_not_of('0');
      std::string_view va = za == std::string_view::npos ? "" : na.substr(za);
      std::string_view vb = zb == std::string_view::npos ? "" : nb.substr(zb);
      if (va.size() != vb.size()) return va.size() < vb.size();
      if (va != vb) return va < vb;
      if (na.size() != nb.size()) return na.size() < nb.size();  // "01" before "001"? keep stable
      i = ei;
      j = ej;
    } else {
      if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

}  // namespace novelbind

#include "structure/scheme_name.h"

#include <cctype>

namespace novelbind {

std::string scheme_name(std::string_view key) {
  // key: prefix|form  or  prefix|form|separator
  std::string out;
  size_t bar = key.find('|');
  std::string prefix(key.substr(0, bar));
  std::string_view rest = bar == std::string_view::npos ? "" : key.substr(bar + 1);
  if (!prefix.empty()) out += prefix + " ";
  std::string form(rest);
  if (form.rfind("ornament|", 0) == 0 || key.rfind("ornament|", 0) == 0)
    return std::string(key.substr(key.find('|') + 1)) + "title";
  size_t p;
  if ((p = form.find("第")) != std::string::npos) form.replace(p, 3, "第N");
  if (form.rfind("bare|A", 0) == 0) form = "N" + form.substr(6);
  if (form.rfind("bare|C", 0) == 0) form = "一" + form.substr(6);
  if (form.rfind("bare|R", 0) == 0) form = "IV" + form.substr(6);
  if (form.rfind("en:", 0) == 0) {
    form = form.substr(3) + " N";
    if (!form.empty())
      form[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(form[0])));
  }
  for (size_t q; (q = form.find('|')) != std::string::npos;) form.erase(q, 1);
  if (form.size() > 1 && form.back() == ' ') form += "title";
  if (!form.empty() && form.find('N') == std::string::npos &&
      form.find("一") == std::string::npos && form.find("IV") == std::string::npos &&
      form.find("卷") == std::string::npos)
    form = "N" + form;
  return out + form;
}

}  // namespace novelbind

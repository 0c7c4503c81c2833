#include "config/rule_names.h"

#include <algorithm>

namespace novelbind {

std::string unknown_rule(const std::string& name, const std::vector<std::string>& known,
                         const std::string& what) {
  if (std::find(known.begin(), known.end(), name) != known.end()) return "";
  std::string list;
  for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
  return "unknown " + what + " '" + name + "'; expected one of " + list;
}

}  // namespace novelbind

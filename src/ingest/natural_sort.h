// Orders file names as a person would: "2.txt" before "10.txt".
#pragma once

#include <string_view>

namespace novelbind {

// True when `a` sorts before `b`, comparing runs of ASCII digits by value.
bool natural_less(std::string_view a, std::string_view b);

}  // namespace novelbind

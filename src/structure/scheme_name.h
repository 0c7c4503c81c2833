// A readable name of a heading scheme, from the key its lines share (heading_shape.h): what the
// log and the report say was chosen ("第N章", "N、", "【第N章】", "Chapter N", "☆、title").
#pragma once

#include <string>
#include <string_view>

namespace novelbind {

// A readable name of a shape key: "第N章", "N、", "【第N章】", "Chapter N".
std::string scheme_name(std::string_view key);

}  // namespace novelbind

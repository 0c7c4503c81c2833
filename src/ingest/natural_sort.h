// Orders file names as a person would: "2.txt" before "10.txt", and "第二章 风起.txt" before
// "第十章 归来.txt" (a crawler that names each file by its chapter's title).
#pragma once

#include <string_view>

namespace novelbind {

// True when `a` sorts before `b`, comparing runs of ASCII digits by value, and runs of
// Chinese numerals (十二, 一百零三, 一〇三) by value among themselves. Everything else compares
// by its bytes; a Chinese numeral sorts as a whole before the CJK characters (一 and after),
// so that the order is one a sort can rely on (strict and transitive).
bool natural_less(std::string_view a, std::string_view b);

}  // namespace novelbind

// Metadata values an EPUB can hold: no control characters (XML 1.0 has no way to write
// U+0001; `&#01;` makes EPUBCheck reject the book), and a language that is a BCP 47 tag.
#pragma once

#include <string>
#include <string_view>

namespace novelbind {

// "" when `text` holds no character XML 1.0 forbids (C0 controls other than tab, line feed and
// carriage return; U+FFFE, U+FFFF); else what is wrong, e.g. "contains the control character
// U+0001, which an EPUB cannot hold; remove it".
std::string control_character_error(std::string_view text);

// `text` without the characters control_character_error refuses (for a title taken from a
// file name, which the user did not write as metadata).
std::string without_control_characters(std::string_view text);

// Whether `tag` is a well-formed BCP 47 language tag (RFC 5646 syntax: zh, zh-Hant, zh-Hant-TW,
// en-US, yue-HK, x-private, i-klingon, sgn-BE-FR...). Whether the subtags are registered is
// not checked.
bool is_language_tag(std::string_view tag);

// "" for a well-formed tag; else "'TAG' is not a BCP 47 language tag; use one like zh-Hant,
// zh-Hans, zh-TW or en".
std::string language_tag_error(std::string_view tag);

}  // namespace novelbind

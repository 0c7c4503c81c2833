// The book's identifier: stable across rebuilds, so readers keep position and notes.
#pragma once

#include <string>
#include <string_view>

namespace novelbind {

// A name-based UUID (RFC 4122 version 5, SHA-1 by Nettle) of the title and author (joined by
// U+001F) in novelbind's namespace, as "urn:uuid:xxxxxxxx-xxxx-5xxx-yxxx-xxxxxxxxxxxx".
std::string derive_identifier(std::string_view title, std::string_view author);

}  // namespace novelbind

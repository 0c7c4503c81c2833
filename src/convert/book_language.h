// The language of a book that is not written in Chinese: an English translation of a web novel
// (a translator's chapters), which the script plan would call Chinese for want of any Chinese.
#pragma once

#include <vector>

#include "book.h"

namespace novelbind {

// Whether the book reads as English: a sample of its paragraphs (the first 4 KB of each chapter,
// 64 KB in all) holds Latin letters and next to no ideographs, and a fifth of its words or more
// are English function words (the, and, of, to...), which French or pinyin do not give.
bool written_in_english(const std::vector<Chapter>& chapters);

}  // namespace novelbind

// The "split" stage: one decoded source file becomes one or more chapters.
#pragma once

#include <string>
#include <vector>

#include "book.h"
#include "structure/heading.h"
#include "structure/heading_scheme.h"

namespace novelbind {

// Splits `source` into chapters at the heading lines `structure` decided (heading_scheme.h).
// - Every non-empty line that is not a heading becomes a paragraph (line numbers kept). A
//   heading line becomes the chapter's title and heading, not a paragraph.
// - Contents lines and heading echoes are dropped, each reported as a repair
//   (`contents_block`, `heading_echo`); so is a heading glued again to the start of its first
//   paragraph ("1.失业　　香橙失业了…" after the heading "1.失业").
// - A file without any heading is one untitled chapter (the order stage titles it), or a note
//   titled `structure.note_title` when that is set.
// - Text before a file's first heading becomes a front section (front_matter, titled 前言).
// - A volume heading sets Chapter::volume for the chapters after it; text between it and the
//   next chapter heading becomes a section titled like the volume.
// - A file wrapped at a fixed width (hard_wrap.h) has its lines joined back into their
//   paragraphs, each paragraph so made a `hard_wrap` repair; not with `join_wrapped` false
//   ([clean] disable = ["hard_wrap"]).
// A file without text yields no chapter.
std::vector<Chapter> split_chapters(const SourceText& source, const FileStructure& structure,
                                    bool join_wrapped = true);

// The decisions for one file on its own: book.toml's pattern when `headings` has one, else
// the structure inferred from this file alone.
FileStructure file_structure(const SourceText& source, const HeadingRecognizer& headings);

// split_chapters(source, file_structure(source, headings)).
std::vector<Chapter> split_chapters(const SourceText& source, const HeadingRecognizer& headings);

}  // namespace novelbind

// The files a tool leaves beside a folder's chapters: a splitter's metadata.txt ("title:
// 斗罗大陆1", "author: 作者：唐家三少"), its split_stats.txt ("- 总章节数: 40"). Not the book's
// text (the order stage leaves them out, headingless_files.h), but what they say of the book
// (its title and author) is the book's metadata.
#pragma once

#include <string>
#include <string_view>

#include "book.h"

namespace novelbind {

// Most lines a tool's record has.
inline constexpr std::size_t kMaxRecordLines = 24;

// A field of a tool's record: a label of at most 16 characters, a colon, a value ("title:
// 斗罗大陆1", "- 总章节数: 40", "处理统计:").
bool is_field(std::string_view line);

// Whether `c` is a tool's record: a file without a heading, named in ASCII letters, every line
// of it a field, and no more than kMaxRecordLines of them.
bool is_tool_record(const Chapter& c);

// The title, author and description a tool's record gives ("title: …", "author: …", or 书名 / 作者;
// a value that repeats its label, "author: 作者：我自逍遥游", without it); empty when it gives
// none.
struct RecordFields {
  std::string title, author;
  std::string description;  // "description: …", "简介：…", "summary: …"
};
RecordFields record_fields(const Chapter& record);

}  // namespace novelbind

#include "ingest/tool_record.h"

#include <algorithm>
#include <filesystem>

#include "base/cjk_text.h"
#include "base/utf8.h"

namespace novelbind {

namespace {

// A field's text, `line` trimmed and without a list's mark ("- 总章节数: 40").
std::string_view field_text(std::string_view line) {
  std::string_view t = utf8::trim(line);
  if (t.starts_with("- ") || t.starts_with("* ")) t = utf8::trim(t.substr(2));
  return t;
}

// Where the colon after a field's label stands in `t` (field_text), and its width in bytes;
// npos when `t` opens with no label of at most 16 letters, digits, spaces or ideographs.
std::size_t label_end(std::string_view t, std::size_t* colon_bytes) {
  constexpr size_t kMaxLabel = 16;
  size_t i = 0, chars = 0;
  while (i < t.size() && chars <= kMaxLabel) {
    size_t k = i;
    char32_t c = utf8::next(t, &k);
    if (c == U':' || c == U'：') {
      *colon_bytes = k - i;
      return chars > 0 ? i : std::string_view::npos;
    }
    bool word = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                c == '_' || c == ' ' || is_ideograph(c);
    if (!word) return std::string_view::npos;
    ++chars;
    i = k;
  }
  return std::string_view::npos;
}

// Whether `t` (field_text) opens with what a character says, not a field: its "label" ends with
// a word of speaking (却说程昱献计曰：, 公谓元绍曰：, 他笑道：), which no field's does.
bool opens_speech(std::string_view t, std::size_t label) {
  std::size_t end = label;
  const char32_t last = utf8::previous(t, &end);
  return std::u32string_view(U"曰道说說问問云言答叫喊骂罵笑叹嘆").find(last) !=
         std::u32string_view::npos;
}

}  // namespace

bool is_field(std::string_view line) {
  std::size_t colon = 0;
  std::string_view t = field_text(line);
  std::size_t at = label_end(t, &colon);
  return at != std::string_view::npos && !opens_speech(t, at);
}

bool is_tool_record(const Chapter& c) {
  if (!c.heading.empty() || c.sources.size() != 1 || c.paragraphs.empty() ||
      c.paragraphs.size() > kMaxRecordLines)
    return false;
  std::string name = std::filesystem::path(c.sources.front()).stem().string();
  if (name.empty() ||
      !std::all_of(name.begin(), name.end(), [](char ch) { return (ch & 0x80) == 0; }))
    return false;
  return std::all_of(c.paragraphs.begin(), c.paragraphs.end(),
                     [](const Paragraph& p) { return p.scene_break || is_field(p.text); });
}

namespace {

// A field's label (ASCII letters in lower case) and value, each trimmed; false for a line that
// is no field.
bool split_field(std::string_view line, std::string* label, std::string_view* value) {
  std::string_view t = field_text(line);
  std::size_t colon = 0, at = label_end(t, &colon);
  if (at == std::string_view::npos) return false;
  *label = utf8::ascii_lower(utf8::trim(t.substr(0, at)));
  *value = utf8::trim(t.substr(at + colon));
  return true;
}

}  // namespace

RecordFields record_fields(const Chapter& record) {
  RecordFields out;
  for (const Paragraph& p : record.paragraphs) {
    std::string label;
    std::string_view value;
    if (p.scene_break || !split_field(p.text, &label, &value)) continue;
    const bool blurb = label == "description" || label == "summary" || label == "synopsis" ||
                       label == "intro" || label == "简介" || label == "内容简介" ||
                       label == "作品简介" || label == "簡介" || label == "內容簡介";
    std::string* into = label == "author" || label == "作者" || label == "writer" ? &out.author
                        : label == "title" || label == "书名" || label == "書名"  ? &out.title
                        : blurb                                                   ? &out.description
                                                                                  : nullptr;
    if (into == nullptr || !into->empty()) continue;
    // (The value may repeat the label: "author: 作者：我自逍遥游".)
    std::string inner_label;
    std::string_view inner;
    if (split_field(value, &inner_label, &inner) && !inner.empty() &&
        (inner_label == "作者" || inner_label == "书名" || inner_label == "書名"))
      value = inner;
    *into = std::string(value);
  }
  return out;
}

}  // namespace novelbind

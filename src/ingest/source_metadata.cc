#include "ingest/source_metadata.h"

#include <algorithm>
#include <cctype>

namespace novelbind {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool placeholder(const std::string& value, const std::string& file_stem) {
  static const char* const kPlaceholders[] = {"unknown", "untitled", "未知",  "未知作者",
                                              "未命名",  "无标题",   "無標題"};
  std::string v = lower(value);
  bool ascii = std::all_of(v.begin(), v.end(),
                           [](char c) { return (static_cast<unsigned char>(c) & 0x80) == 0; });
  // A tool that had no title took the file's name: in ASCII, that is no title a reader knows.
  if (v.empty() || (ascii && v == lower(file_stem))) return true;
  return std::any_of(std::begin(kPlaceholders), std::end(kPlaceholders),
                     [&](const char* p) { return v == p; });
}

void prefer(const std::string& field, const std::string& value, const std::string& element,
            const SourceBook& source, std::string* slot, BookMetadata* found) {
  std::erase_if(found->log, [&](const MetadataDecision& d) { return d.field == field; });
  *slot = value;
  std::string shown = field == "description" ? std::to_string(value.size()) + " bytes" : value;
  found->log.push_back({field, field + " " + shown + " from " + source.display +
                                   " (the package document's " + element + ")"});
}

}  // namespace

void prefer_source_metadata(const SourceBook& source, const std::string& file_stem,
                            BookMetadata* found) {
  const Metadata& m = source.metadata;
  // A tool that had no title takes the file's name, which is often in ASCII (jcsg.txt) where
  // the book's header names it in characters: then the header's is the reader's title.
  auto ascii = [](const std::string& s) {
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return (static_cast<unsigned char>(c) & 0x80) == 0; });
  };
  if (!m.title.empty() && ascii(m.title) && !ascii(found->title)) {
    found->log.push_back({"title", "the package document of " + source.display + " names '" +
                                       m.title + "', in ASCII where the book's header names " +
                                       found->title + "; the header's is taken"});
  } else if (!placeholder(m.title, file_stem)) {
    prefer("title", m.title, "dc:title", source, &found->title, found);
  } else if (!m.title.empty()) {
    found->log.push_back({"title", "the package document of " + source.display + " names '" +
                                       m.title +
                                       "', which is its file's name or a placeholder, "
                                       "not a title; passed over"});
  }
  if (!placeholder(m.author, ""))
    prefer("author", m.author, "dc:creator", source, &found->author, found);
  if (!m.description.empty())
    prefer("description", m.description, "dc:description", source, &found->description, found);
}

void fill_source_metadata(const SourceBook& source, Metadata* meta) {
  const Metadata& m = source.metadata;
  if (meta->publisher.empty()) meta->publisher = m.publisher;
  if (meta->subjects.empty()) meta->subjects = m.subjects;
  if (meta->date.empty()) meta->date = m.date;
  if (meta->series.empty()) {
    meta->series = m.series;
    if (meta->series_index.empty()) meta->series_index = m.series_index;
  }
}

std::string source_language(const SourceBook& source, const std::string& detected) {
  std::string tag = lower(source.metadata.language);
  std::replace(tag.begin(), tag.end(), '_', '-');
  auto script_of = [](const std::string& t) -> std::string {
    if (t == "zh-tw" || t == "zh-hk" || t == "zh-mo" || t.rfind("zh-hant", 0) == 0)
      return "zh-Hant";
    if (t == "zh-cn" || t == "zh-sg" || t.rfind("zh-hans", 0) == 0) return "zh-Hans";
    return "";
  };
  std::string script = script_of(tag);
  if (script.empty() || script != detected) return detected;
  // As the package writes it, with the region in capitals (zh-TW).
  std::string out = source.metadata.language;
  std::replace(out.begin(), out.end(), '_', '-');
  if (out.size() == 5)
    out = out.substr(0, 3) + static_cast<char>(std::toupper(out[3])) +
          static_cast<char>(std::toupper(out[4]));
  return out;
}

}  // namespace novelbind

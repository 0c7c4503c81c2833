#include "ingest/book_metadata.h"

#include "base/utf8.h"
#include "ingest/book_header.h"
#include "ingest/pinyin_title.h"

namespace novelbind {

BookMetadata read_book_metadata(Book& book, std::string_view input_name, bool single_file,
                                bool remove_header) {
  BookMetadata out;
  NameMetadata by_name = metadata_from_name(input_name);
  std::string name_title = by_name.title.empty() ? std::string(input_name) : by_name.title;

  BookHeader header;
  std::string file;
  if (single_file && !book.chapters.empty()) {
    Chapter& first = book.chapters.front();
    if (first.heading.empty() && first.source_index == 0 && first.part == 0) {
      file = first.sources.empty() ? "" : first.sources[0];
      header = take_book_header(first, name_title, remove_header);
      // A chapter left with nothing but the header goes; its repairs and warnings (a decoding
      // warning of the file) are kept with the next.
      if (header.removed > 0 && !has_text(first) && book.chapters.size() > 1) {
        hand_over_findings(first, book.chapters[1]);
        book.chapters.erase(book.chapters.begin());
      }
    }
  }
  auto at = [&](int line) { return file + ":" + std::to_string(line); };

  if (!header.title.empty()) {
    out.title = header.title;
    out.log.push_back({"title", "title " + header.title + " from " + at(header.title_line) + " " +
                                    header.title_evidence});
  } else if (!by_name.title.empty() && !is_ascii_name(by_name.title)) {
    out.title = by_name.title;
    out.log.push_back(
        {"title", "title " + by_name.title + " from the name '" + std::string(input_name) + "'"});
  } else if (auto spelled = title_from_pinyin(name_title, book)) {
    out.title = spelled->title;
    out.log.push_back({"title", "title " + spelled->title + ": the name '" +
                                    std::string(input_name) + "' is the pinyin of " +
                                    spelled->title + ", which the text uses " +
                                    std::to_string(spelled->uses) + " time(s)"});
  } else {
    out.title = name_title;
    out.log.push_back(
        {"title", "title " + name_title + " is the name '" + std::string(input_name) +
                      "': the text names no title; set it with --title or [book] title"});
  }
  if (!header.author.empty()) {
    out.author = header.author;
    out.log.push_back({"author", "author " + header.author + " from " + at(header.author_line) +
                                     " " + header.author_evidence});
  } else if (!by_name.author.empty()) {
    out.author = by_name.author;
    out.log.push_back({"author", "author " + by_name.author + " from the name '" +
                                     std::string(input_name) + "'"});
  }
  if (!header.description.empty()) {
    out.description = header.description;
    out.log.push_back({"description", "description from " + at(header.description_line) + " (" +
                                          std::to_string(utf8::length(header.description)) +
                                          " characters)"});
  }
  if (header.removed > 0)
    out.log.push_back({"header", std::to_string(header.removed) + " header line(s) of " + file +
                                     " removed from the story (rule book_header)"});
  return out;
}

}  // namespace novelbind

#include "split.h"

#include "utf8.h"

namespace novelbind {
namespace {

class Splitter {
 public:
  Splitter(const SourceText& source, const HeadingRecognizer& headings)
      : source_(source), headings_(headings) {}

  std::vector<Chapter> run() {
    std::string_view text = source_.text;
    int line_number = 0;
    for (size_t start = 0; start <= text.size();) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      ++line_number;
      line(text.substr(start, end - start), line_number);
      start = end + 1;
    }
    // Only now is it known whether the file had headings at all: without any, its text is
    // one ordinary (untitled) chapter rather than front matter.
    if (!seen_heading_ && !chapters_.empty()) {
      chapters_.front().front_matter = false;
      chapters_.front().title.clear();
    }
    return std::move(chapters_);
  }

 private:
  void line(std::string_view raw, int number) {
    if (raw.empty()) return;
    std::string_view t = utf8::trim(raw);
    if (!t.empty()) {
      if (std::optional<Heading> h = headings_.match(t)) {
        seen_heading_ = true;
        if (h->kind == HeadingKind::kVolume) {
          std::string_view volume = t;
          if (h->chapter_offset) volume = utf8::trim(t.substr(0, h->chapter_offset));
          volume_ = std::string(volume);
          volume_line_ = number;
          volume_open_ = true;
          has_current_ = false;
          if (!h->chapter_offset) return;
          std::string_view rest = t.substr(h->chapter_offset);
          h = headings_.match(rest);
          if (!h) h = Heading{};
          t = rest;
        }
        Chapter& c = open(std::string(t), number);
        c.number = h->number;
        c.heading = std::string(t);
        volume_open_ = false;
        return;
      }
    }
    if (!has_current_) {
      if (t.empty()) return;  // blank lines before any text carry nothing
      if (volume_open_) {
        // Text under a volume heading, before its first chapter: the volume's own section.
        open(volume_, volume_line_).heading = volume_;
      } else {
        open(headings_.front_title(), 0).front_matter = true;
      }
    }
    chapters_.back().paragraphs.push_back(Paragraph{std::string(raw), number, false});
  }

  Chapter& open(std::string title, int heading_line) {
    Chapter& c = chapters_.emplace_back();
    c.title = std::move(title);
    c.sources = {source_.path};
    c.heading_line = heading_line;
    c.source_index = source_.index;
    c.part = static_cast<int>(chapters_.size()) - 1;
    c.volume = volume_;
    has_current_ = true;
    return c;
  }

  const SourceText& source_;
  const HeadingRecognizer& headings_;
  std::vector<Chapter> chapters_;
  bool has_current_ = false;  // chapters_.back() receives the paragraphs
  std::string volume_;
  int volume_line_ = 0;
  bool volume_open_ = false;
  bool seen_heading_ = false;
};

}  // namespace

std::vector<Chapter> split_chapters(const SourceText& source, const HeadingRecognizer& headings) {
  return Splitter(source, headings).run();
}

}  // namespace novelbind

#include "chapter_text.h"

#include "base/utf8.h"

namespace novelbind {

ChapterText& ChapterText::operator=(std::vector<Paragraph> paragraphs) {
  edit() = std::move(paragraphs);
  return *this;
}

ChapterText& ChapterText::operator=(std::initializer_list<Paragraph> paragraphs) {
  edit() = paragraphs;
  return *this;
}

ChapterText ChapterText::stored(Stored text) {
  ChapterText out;
  out.stored_ = std::move(text);
  return out;
}

void ChapterText::read_stored() const {
  paragraphs_ = stored_->read();
  stored_.reset();
}

const std::vector<Paragraph>& ChapterText::all() const {
  if (stored_) read_stored();
  return paragraphs_;
}

std::size_t ChapterText::size() const {
  if (stored_) return stored_->count;
  if (released_) return released_->count;
  return paragraphs_.size();
}

std::size_t ChapterText::characters() const {
  if (stored_) return stored_->characters;
  if (released_) return released_->characters;
  std::size_t n = 0;
  for (const Paragraph& p : paragraphs_) n += utf8::length(p.text);
  return n;
}

bool ChapterText::has_text() const {
  if (stored_) return stored_->has_text;
  for (const Paragraph& p : paragraphs_)
    if (!utf8::trim(p.text).empty()) return true;
  return false;
}

std::vector<Paragraph>& ChapterText::edit() {
  if (stored_) read_stored();
  released_.reset();
  prints_.reset();
  key_.clear();
  return paragraphs_;
}

TextEdges ChapterText::edges(std::size_t head, std::size_t tail) const {
  if (stored_ && stored_->read_edges) return stored_->read_edges(head, tail);
  return TextEdges(all());
}

std::vector<Paragraph> ChapterText::copy() const {
  return stored_ ? stored_->read() : paragraphs_;
}

ChapterText ChapterText::released(std::size_t count, std::size_t characters) {
  ChapterText out;
  out.released_ = Counts{count, characters};
  return out;
}

void ChapterText::release() {
  released_ = Counts{size(), characters()};
  stored_.reset();
  std::vector<Paragraph>().swap(paragraphs_);  // its memory too, not only its elements
}

}  // namespace novelbind

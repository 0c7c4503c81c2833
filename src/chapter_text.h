// A chapter's paragraphs (ChapterText): plain data to the stages, wherever the text is held.
// The text may still be stored elsewhere (bytes read from disk, read when first needed) or
// let go of once rendered; a stage reads it and edits it the same way in every case, and
// cannot see it half-made: reading reads a stored text, editing forgets what was derived from
// the old text (its fingerprints, its key).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace novelbind {

struct Paragraph {
  std::string text;          // UTF-8, no line end
  int line = 0;              // 1-based line in the source file (0 when generated)
  bool scene_break = false;  // a decoration line; rendered as <hr/>
};

// A chapter's paragraphs as fingerprints of their folded text (see dedupe.h), in paragraph
// order: how duplicates and page seams are found.
struct ChapterPrints {
  std::vector<std::uint64_t> prints;
  std::vector<std::uint32_t> lengths;  // folded characters of each paragraph
  std::size_t length = 0;              // folded characters of the chapter
};

// The first and the last paragraphs of a text, by their index in the whole text: what a look
// at a chapter's edges reads (a running header, an author's note), without a stored text read
// whole. Only the first `head` and the last `tail` indices given to ChapterText::edges are
// there; valid while the ChapterText is unchanged.
class TextEdges {
 public:
  TextEdges() = default;
  TextEdges(std::vector<Paragraph> head, std::vector<Paragraph> tail, std::size_t size)
      : head_(std::move(head)), tail_(std::move(tail)), size_(size) {}
  explicit TextEdges(const std::vector<Paragraph>& whole) : whole_(&whole), size_(whole.size()) {}

  std::size_t size() const { return size_; }  // paragraphs of the whole text
  const Paragraph& operator[](std::size_t i) const {
    if (whole_) return (*whole_)[i];
    return i < head_.size() ? head_[i] : tail_[i - (size_ - tail_.size())];
  }

 private:
  const std::vector<Paragraph>* whole_ = nullptr;
  std::vector<Paragraph> head_, tail_;
  std::size_t size_ = 0;
};

class ChapterText {
 public:
  using const_iterator = std::vector<Paragraph>::const_iterator;

  ChapterText() = default;
  ChapterText(std::vector<Paragraph> paragraphs) : paragraphs_(std::move(paragraphs)) {}
  ChapterText(std::initializer_list<Paragraph> paragraphs) : paragraphs_(paragraphs) {}
  ChapterText& operator=(std::vector<Paragraph> paragraphs);
  ChapterText& operator=(std::initializer_list<Paragraph> paragraphs);

  // A text held elsewhere until it is first read: `read` makes the paragraphs (and keeps
  // whatever owns their bytes alive); the rest is what is known of them without reading.
  struct Stored {
    std::function<std::vector<Paragraph>()> read;
    // Reads only the first `head` and the last `tail` paragraphs (see edges()); may be empty.
    std::function<TextEdges(std::size_t head, std::size_t tail)> read_edges;
    std::size_t count = 0;       // paragraphs
    std::size_t characters = 0;  // code points
    bool has_text = false;       // a paragraph with more than spaces
    std::size_t bytes = 0;       // what it holds in memory meanwhile
  };
  static ChapterText stored(Stored text);

  // The paragraphs (a stored text is read now, and kept).
  const std::vector<Paragraph>& all() const;
  const_iterator begin() const { return all().begin(); }
  const_iterator end() const { return all().end(); }
  const Paragraph& operator[](std::size_t i) const { return all()[i]; }
  const Paragraph& front() const { return all().front(); }
  const Paragraph& back() const { return all().back(); }
  // Counts known without reading a stored text, and kept after release().
  std::size_t size() const;
  bool empty() const { return size() == 0; }
  std::size_t characters() const;  // code points of every paragraph
  bool has_text() const;           // a paragraph with more than spaces

  // The paragraphs to change: a stored text is read first, and what was derived from the old
  // text (prints, key) is forgotten.
  std::vector<Paragraph>& edit();
  // Edits by the most common names.
  void push_back(Paragraph p) { edit().push_back(std::move(p)); }
  void clear() { edit().clear(); }

  // The first `head` and the last `tail` paragraphs, leaving a stored text stored.
  TextEdges edges(std::size_t head, std::size_t tail) const;

  // The paragraphs as a copy, leaving a stored text stored (a look at a text that need not
  // stay in memory).
  std::vector<Paragraph> copy() const;
  // Whether the text is still stored, and what it holds in memory (0 when not stored).
  bool is_stored() const { return stored_.has_value(); }
  std::size_t stored_bytes() const { return stored_ ? stored_->bytes : 0; }

  // Lets go of the paragraphs (they are in the book's pages now); size() and characters()
  // still say what they were.
  void release();
  bool is_released() const { return released_.has_value(); }
  // A text already let go of, as a record of the build keeps it: its counts alone.
  static ChapterText released(std::size_t count, std::size_t characters);

  // What was derived from this text, when known: its fingerprints (dedupe.h) and its key
  // (a hash of the paragraphs). Forgotten by edit().
  const std::optional<ChapterPrints>& prints() const { return prints_; }
  void set_prints(ChapterPrints prints) { prints_ = std::move(prints); }
  const std::string& key() const { return key_; }
  void set_key(std::string key) { key_ = std::move(key); }

 private:
  struct Counts {
    std::size_t count = 0, characters = 0;
  };
  void read_stored() const;

  mutable std::vector<Paragraph> paragraphs_;
  mutable std::optional<Stored> stored_;
  std::optional<Counts> released_;
  std::optional<ChapterPrints> prints_;
  std::string key_;
};

}  // namespace novelbind

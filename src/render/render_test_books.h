// Test-only (never part of novelbind_lib). The book and helpers the render tests share: a
// two-chapter sample, rendering it with the built-in templates, and finding its documents.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "render/render.h"
#include "render/templates.h"

namespace novelbind::render_test {

inline Chapter chapter(const std::string& title, std::vector<std::string> lines,
                       const std::string& volume = "") {
  Chapter c;
  c.title = title;
  c.volume = volume;
  for (std::string& l : lines) {
    Paragraph p;
    p.scene_break = l == "---";
    p.text = p.scene_break ? "" : std::move(l);
    c.paragraphs.push_back(std::move(p));
  }
  return c;
}

inline Book sample_book() {
  Book b;
  b.meta.title = "長安十二時辰";
  b.meta.author = "馬伯庸";
  b.meta.language = "zh-Hant";
  b.chapters.push_back(chapter("第一章 巳正", {"張小敬走進來。", "---", "第2天，12個人。"}));
  b.chapters.push_back(chapter("第二章 巳初", {"天亮了。"}));
  return b;
}

inline RenderedBook render(Book book, const RenderOptions& options) {
  auto templates = Templates::load();
  EXPECT_TRUE(templates.ok());
  auto rendered = render_book(book, *templates, options);
  EXPECT_TRUE(rendered.ok()) << rendered.message();
  return rendered.ok() ? std::move(*rendered) : RenderedBook{};
}

inline const Document* find(const RenderedBook& r, const std::string& href) {
  for (const Document& d : r.documents)
    if (d.href == href) return &d;
  return nullptr;
}

inline std::vector<std::string> spine(const RenderedBook& r) {
  std::vector<std::string> out;
  for (const Document& d : r.documents)
    if (d.spine) out.push_back(d.href);
  return out;
}

}  // namespace novelbind::render_test

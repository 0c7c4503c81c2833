// The chapter documents: volumes and their pages, a long chapter split at paragraphs, and
// chapters deflated as they are made (ChapterPages).
#include "render/render.h"

#include <gtest/gtest.h>

#include <atomic>
#include <pugixml.hpp>

#include "base/test_util.h"
#include "render/render_test_books.h"

namespace novelbind {
namespace {

using namespace render_test;

TEST(RenderBook, VolumesGetATitlePageAndNestTheirChapters) {
  Book book = sample_book();
  book.chapters.clear();
  book.chapters.push_back(chapter("序章", {"開頭。"}));
  book.chapters.push_back(chapter("第一章 出山", {"一。"}, "第一卷 少年"));
  book.chapters.push_back(chapter("第二章 下山", {"二。"}, "第一卷 少年"));
  book.chapters.push_back(chapter("第三章 入京", {"三。"}, "第二卷 青年"));
  RenderedBook r = render(book, {});
  EXPECT_EQ(spine(r), (std::vector<std::string>{
                          "text/cover.xhtml", "text/title.xhtml", "text/toc.xhtml",
                          "text/ch0001.xhtml", "text/vol01.xhtml", "text/ch0002.xhtml",
                          "text/ch0003.xhtml", "text/vol02.xhtml", "text/ch0004.xhtml"}));
  ASSERT_EQ(r.toc.size(), 3u);
  EXPECT_EQ(r.toc[0].label, "序章");
  EXPECT_EQ(r.toc[1].label, "第一卷 少年");
  EXPECT_EQ(r.toc[1].href, "text/vol01.xhtml#heading");
  ASSERT_EQ(r.toc[1].children.size(), 2u);
  EXPECT_EQ(r.toc[1].children[1].href, "text/ch0003.xhtml#heading");
  EXPECT_EQ(r.toc[2].href, "text/vol02.xhtml#heading");
  const Document* vol = find(r, "text/vol01.xhtml");
  ASSERT_NE(vol, nullptr);
  EXPECT_NE(vol->content.find("<span class=\"volume-number\">第一卷</span> <span "
                              "class=\"volume-name\">少年</span>"),
            std::string::npos);
  // The inline contents page lists volumes with their chapters nested.
  const Document* toc = find(r, "text/toc.xhtml");
  ASSERT_NE(toc, nullptr);
  EXPECT_NE(toc->content.find("<li><a href=\"vol01.xhtml#heading\">第一卷 少年</a>\n<ol>\n"
                              "<li><a href=\"ch0002.xhtml#heading\">第一章 出山</a></li>"),
            std::string::npos)
      << toc->content;
}

// The split stage makes text under a volume heading a section titled like the volume: it is
// shown on the volume's page, not as a chapter of its own.
TEST(RenderBook, TextUnderAVolumeHeadingGoesOnTheVolumePage) {
  Book book = sample_book();
  book.chapters.clear();
  book.chapters.push_back(chapter("第一卷 少年", {"這一卷寫少年時。"}, "第一卷 少年"));
  book.chapters.push_back(chapter("第一章 出山", {"一。"}, "第一卷 少年"));
  RenderedBook r = render(book, {});
  EXPECT_EQ(spine(r),
            (std::vector<std::string>{"text/cover.xhtml", "text/title.xhtml", "text/toc.xhtml",
                                      "text/vol01.xhtml", "text/ch0001.xhtml"}));
  ASSERT_EQ(r.toc.size(), 1u);
  EXPECT_EQ(r.toc[0].href, "text/vol01.xhtml#heading");
  ASSERT_EQ(r.toc[0].children.size(), 1u);
  EXPECT_EQ(r.toc[0].children[0].label, "第一章 出山");
  EXPECT_EQ(test::xhtml_text(find(r, "text/vol01.xhtml")->content),
            "第一卷少年\n這一卷寫少年時。\n");
}

TEST(RenderBook, LargeChapterIsSplitAtParagraphs) {
  Book book = sample_book();
  book.chapters.resize(1);
  book.chapters[0].paragraphs.clear();
  std::string sentence;
  for (int i = 0; i < 40; ++i) sentence += "長安城的街上人來人往。";  // 1320 bytes
  for (int i = 0; i < 500; ++i) {
    Paragraph p;
    p.text = std::to_string(i) + sentence;
    book.chapters[0].paragraphs.push_back(p);
  }
  RenderedBook r = render(book, {});
  std::vector<const Document*> parts;
  for (const Document& d : r.documents)
    if (d.href.rfind("text/ch0001", 0) == 0) parts.push_back(&d);
  ASSERT_EQ(parts.size(), 3u);  // about 670 KB of text
  EXPECT_EQ(parts[0]->href, "text/ch0001.xhtml");
  EXPECT_EQ(parts[1]->href, "text/ch0001_2.xhtml");
  EXPECT_EQ(parts[2]->href, "text/ch0001_3.xhtml");
  std::string text;
  for (const Document* d : parts) {
    EXPECT_LE(d->content.size(), kMaxDocumentBytes) << d->href;
    EXPECT_GT(d->content.size(), kMaxDocumentBytes / 4) << d->href;
    pugi::xml_document doc;
    EXPECT_TRUE(doc.load_string(d->content.c_str())) << d->href;
    text += test::xhtml_text(d->content);
  }
  // Every paragraph once, in order; the heading only in the first part.
  std::string expected = "第一章巳正\n";  // xhtml_text drops the space between the spans
  for (int i = 0; i < 500; ++i) expected += std::to_string(i) + sentence + "\n";
  EXPECT_EQ(text, expected);
  EXPECT_EQ(parts[1]->content.find("id=\"heading\""), std::string::npos);
  ASSERT_EQ(r.toc.size(), 1u);
  EXPECT_EQ(r.toc[0].href, "text/ch0001.xhtml#heading");
}

TEST(RenderBook, SplitRespectsASmallerLimitExactly) {
  Book book = sample_book();
  book.chapters.resize(1);
  for (int i = 0; i < 200; ++i)
    book.chapters[0].paragraphs.push_back({"一二三四五六七八九十", 0, i % 10 == 0});
  RenderOptions o;
  o.max_document_bytes = 2000;
  RenderedBook r = render(book, o);
  int parts = 0;
  for (const Document& d : r.documents) {
    if (d.href.rfind("text/ch0001", 0) != 0) continue;
    ++parts;
    EXPECT_LE(d.content.size(), 2000u) << d.href;
  }
  EXPECT_GT(parts, 3);
}

// Through ChapterPages each chapter comes out deflated and, with release_text, the chapter
// lets go of its text, keeping what the report says of it.
TEST(Render, ChaptersComeOutDeflatedAndReleaseTheirText) {
  class Counting : public ChapterPages {
   public:
    Result<std::vector<SharedBytes>> deflated(
        const Chapter&, const std::function<Result<std::vector<std::string>>()>& render) override {
      auto parts = render();
      if (!parts) return parts.status();
      ++calls;
      std::vector<SharedBytes> out;
      for (std::string& p : *parts) out.emplace_back("deflated:" + p);
      return out;
    }
    std::atomic<int> calls{0};
  } pages;
  Book b = sample_book();
  RenderOptions options;
  options.pages = &pages;
  options.release_text = true;
  auto templates = Templates::load();
  ASSERT_TRUE(templates.ok());
  auto rendered = render_book(b, *templates, options);
  ASSERT_TRUE(rendered.ok()) << rendered.message();
  EXPECT_EQ(pages.calls, 2);
  ASSERT_EQ(rendered->deflated.size(), rendered->documents.size());
  int chapters = 0;
  for (size_t i = 0; i < rendered->documents.size(); ++i) {
    const Document& d = rendered->documents[i];
    if (d.href.rfind("text/ch", 0) != 0) continue;
    ++chapters;
    EXPECT_TRUE(d.content.empty()) << d.href;
    EXPECT_EQ(rendered->deflated[i].view().rfind("deflated:", 0), 0u) << d.href;
    if (d.href == "text/ch0001.xhtml") {
      EXPECT_NE(rendered->deflated[i].view().find("張小敬走進來。"), std::string::npos);
    }
  }
  EXPECT_EQ(chapters, 2);
  ASSERT_TRUE(b.chapters[0].paragraphs.is_released());
  EXPECT_TRUE(b.chapters[0].paragraphs.all().empty());   // the text is let go of
  EXPECT_EQ(b.chapters[0].paragraphs.size(), 3u);        // and its counts kept
  EXPECT_EQ(b.chapters[1].paragraphs.characters(), 4u);  // 天亮了。
}

}  // namespace
}  // namespace novelbind

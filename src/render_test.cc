#include "render.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace novelbind {

namespace {
Book small_book() {
  Book b;
  b.meta.title = "A & B";
  b.meta.author = "作者";
  b.meta.language = "zh-Hant";
  Chapter c;
  c.title = "第一章 <開始>";
  c.paragraphs = {{"他說：「A&B」", 1, false}, {"", 2, true}, {"完。", 3, false}};
  b.chapters.push_back(c);
  return b;
}
}  // namespace

TEST(Render, EscapesTextAndWritesParagraphsInOrder) {
  auto templates = Templates::load();
  ASSERT_TRUE(templates.ok());
  auto r = render_book(small_book(), *templates, Config{});
  ASSERT_TRUE(r.ok()) << r.message();
  const Document* chapter = nullptr;
  for (const Document& d : r->documents)
    if (d.href == "text/ch0001.xhtml") chapter = &d;
  ASSERT_NE(chapter, nullptr);
  EXPECT_NE(chapter->content.find("<p>他說：「A&amp;B」</p>"), std::string::npos);
  EXPECT_NE(chapter->content.find("第一章 &lt;開始&gt;"), std::string::npos);
  EXPECT_NE(chapter->content.find("<hr class=\"scene-break\"/>"), std::string::npos);
  EXPECT_NE(chapter->content.find("lang=\"zh-Hant\" xml:lang=\"zh-Hant\""), std::string::npos);
  EXPECT_EQ(chapter->content.rfind("<?xml version=\"1.0\" encoding=\"utf-8\"?>", 0), 0u);
  EXPECT_EQ(test::xhtml_text(chapter->content), "第一章 <開始>\n他說：「A&B」\n完。\n");
  ASSERT_EQ(r->toc.size(), 1u);
  EXPECT_EQ(r->toc[0].label, "第一章 <開始>");
  EXPECT_EQ(r->toc[0].href, "text/ch0001.xhtml#heading");
}

TEST(Render, VolumesNestTheirChapters) {
  Book b = small_book();
  b.chapters[0].volume = "第一卷";
  b.chapters.push_back(b.chapters[0]);
  b.chapters.push_back(b.chapters[0]);
  b.chapters[2].volume = "第二卷";
  auto templates = Templates::load();
  auto r = render_book(b, *templates, Config{});
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->toc.size(), 2u);
  EXPECT_EQ(r->toc[0].label, "第一卷");
  EXPECT_EQ(r->toc[0].children.size(), 2u);
  EXPECT_EQ(r->toc[1].children.size(), 1u);
}

TEST(Render, TemplateThatYieldsInvalidXhtmlIsAnErrorNamingIt) {
  test::TempDir dir;
  test::write_file(dir / "chapter.xhtml", "<html><body><p>{{title}}</body></html>");
  auto templates = Templates::load(dir.path());
  ASSERT_TRUE(templates.ok());
  auto r = render_book(small_book(), *templates, Config{});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.message(), (dir / "chapter.xhtml").string() +
                             ": the chapter '第一章 <開始>' it renders is not well-formed XHTML "
                             "(Start-end tags mismatch at line 1 of the output); fix the template");
}

}  // namespace novelbind

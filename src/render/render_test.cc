#include "render/render.h"

#include <gtest/gtest.h>

#include <atomic>
#include <pugixml.hpp>

#include "base/test_util.h"
#include "render/cover.h"
#include "render/front_matter.h"
#include "render/render_test_books.h"

namespace novelbind {
namespace {

using namespace render_test;

TEST(RenderBook, FrontMatterThenChaptersInSpineOrder) {
  Book book = sample_book();
  book.meta.description = "長安城裡的一天。\n第二段。";
  RenderedBook r = render(book, {});
  EXPECT_EQ(spine(r),
            (std::vector<std::string>{"text/cover.xhtml", "text/title.xhtml", "text/intro.xhtml",
                                      "text/toc.xhtml", "text/ch0001.xhtml", "text/ch0002.xhtml"}));
  ASSERT_EQ(r.landmarks.size(), 4u);
  EXPECT_EQ(r.landmarks[0].type, "cover");
  EXPECT_EQ(r.landmarks[1].type, "titlepage");
  EXPECT_EQ(r.landmarks[2].type, "toc");
  EXPECT_EQ(r.landmarks[2].href, "text/toc.xhtml");
  EXPECT_EQ(r.landmarks[3].type, "bodymatter");
  EXPECT_EQ(r.landmarks[3].href, "text/ch0001.xhtml");
}

// The meter the caller gives sees every chapter, under the stage's name, and the end.
TEST(RenderBook, CountsEveryChapterOnTheCallersMeter) {
  struct Seen {
    std::string label;
    std::size_t total = 0;
    std::atomic<std::size_t> done{0};
    std::atomic<int> finished{0};
  } seen;
  struct Meter : ProgressMeter {
    explicit Meter(Seen* s) : seen(s) {}
    void advance(std::size_t n) override { seen->done += n; }
    void finish() override { ++seen->finished; }
    Seen* seen;
  };
  RenderOptions options;
  options.progress = [&seen](const std::string& label, std::size_t total) {
    seen.label = label;
    seen.total = total;
    return std::make_unique<Meter>(&seen);
  };
  render(sample_book(), options);
  EXPECT_EQ(seen.label, "render");
  EXPECT_EQ(seen.total, 2u);
  EXPECT_EQ(seen.done, 2u);
  EXPECT_EQ(seen.finished, 1);
}

TEST(RenderBook, PagesCanBeSwitchedOff) {
  Book book = sample_book();
  book.meta.description = "有簡介。";
  RenderOptions o;
  o.cover_page = o.title_page = o.intro_page = o.toc_page = false;
  RenderedBook r = render(book, o);
  EXPECT_EQ(spine(r), (std::vector<std::string>{"text/ch0001.xhtml", "text/ch0002.xhtml"}));
  ASSERT_EQ(r.landmarks.size(), 1u);
  EXPECT_EQ(r.landmarks[0].type, "bodymatter");
  // The cover image stays, for the reader's library, even without a cover page.
  ASSERT_NE(find(r, "images/cover.png"), nullptr);
  EXPECT_EQ(find(r, "images/cover.png")->properties, "cover-image");
}

TEST(RenderBook, NoIntroPageWithoutDescription) {
  RenderedBook r = render(sample_book(), {});
  EXPECT_EQ(find(r, "text/intro.xhtml"), nullptr);
}

TEST(RenderBook, IntroPageHasTheDescriptionParagraphs) {
  Book book = sample_book();
  book.meta.description = "  長安城裡的一天。\n\n第二段 & 結尾。 ";
  RenderedBook r = render(book, {});
  const Document* intro = find(r, "text/intro.xhtml");
  ASSERT_NE(intro, nullptr);
  EXPECT_EQ(test::xhtml_text(intro->content), "簡介\n長安城裡的一天。\n第二段 & 結尾。\n");
}

TEST(RenderBook, ChapterHeadingHasNumberAndNameSpans) {
  RenderedBook r = render(sample_book(), {});
  const Document* ch = find(r, "text/ch0001.xhtml");
  ASSERT_NE(ch, nullptr);
  EXPECT_NE(ch->content.find("<h2 id=\"heading\" class=\"chapter-title\"><span "
                             "class=\"chapter-number\">第一章</span> <span "
                             "class=\"chapter-name\">巳正</span></h2>"),
            std::string::npos)
      << ch->content;
  EXPECT_NE(ch->content.find("<hr class=\"scene-break\"/>"), std::string::npos);
  // (xhtml_text drops the whitespace-only text between the two spans)
  EXPECT_EQ(test::xhtml_text(ch->content), "第一章巳正\n張小敬走進來。\n第2天，12個人。\n");
}

TEST(RenderBook, SectionsCarryTheAriaRoleOfTheirEpubType) {
  Book book = sample_book();
  book.chapters[1].volume = "第一卷 長安";
  RenderedBook r = render(book, {});
  const Document* ch = find(r, "text/ch0001.xhtml");
  ASSERT_NE(ch, nullptr);
  EXPECT_NE(ch->content.find("<section class=\"chapter\" epub:type=\"chapter\" "
                             "role=\"doc-chapter\""),
            std::string::npos)
      << ch->content;
  bool part = false;
  for (const Document& d : r.documents)
    part |= d.content.find("epub:type=\"part\" role=\"doc-part\"") != std::string::npos;
  EXPECT_TRUE(part);
  auto templates = Templates::load();
  auto contents =
      render_contents_page(book, *templates, {}, {{"第一章 巳正", "text/ch0001.xhtml", {}}});
  ASSERT_TRUE(contents.ok()) << contents.message();
  EXPECT_NE(contents->content.find("epub:type=\"toc\" role=\"doc-toc\""), std::string::npos);
}

TEST(RenderBook, VerticalSetsShortNumbersUpright) {
  RenderOptions o;
  o.vertical = true;
  RenderedBook r = render(sample_book(), o);
  const Document* ch = find(r, "text/ch0001.xhtml");
  ASSERT_NE(ch, nullptr);
  EXPECT_NE(ch->content.find("<p>第<span class=\"tcy\">2</span>天，<span "
                             "class=\"tcy\">12</span>個人。</p>"),
            std::string::npos);
  // Horizontal books get no such markup.
  RenderedBook h = render(sample_book(), {});
  EXPECT_NE(find(h, "text/ch0001.xhtml")->content.find("<p>第2天，12個人。</p>"),
            std::string::npos);
}

// The contents title is centred in horizontal books; in a vertical one, centring puts it
// halfway down its column while the entries start at the top, so it starts at the top too.
TEST(RenderBook, VerticalContentsTitleStartsAtTheTopOfItsColumn) {
  RenderOptions o;
  o.vertical = true;
  const std::string css = find(render(sample_book(), o), "styles/book.css")->content;
  size_t centred = css.find("h1, h2 {\n  font-weight: bold;\n  text-align: center;");
  size_t rule = css.find(".contents-title,\nnav h1 {\n  text-align: start;\n}");
  ASSERT_NE(centred, std::string::npos);
  ASSERT_NE(rule, std::string::npos) << css;
  EXPECT_LT(centred, rule);  // the later rule wins
  const std::string horizontal = find(render(sample_book(), {}), "styles/book.css")->content;
  EXPECT_EQ(horizontal.find("text-align: start;"), std::string::npos);
}

TEST(RenderBook, StylesheetIsBaseThenWritingModeThenExtra) {
  RenderOptions o;
  o.vertical = true;
  o.extra_css = "@charset \"utf-8\";\np { color: red; }\n";
  RenderedBook r = render(sample_book(), o);
  const Document* css = find(r, "styles/book.css");
  ASSERT_NE(css, nullptr);
  const std::string& text = css->content;
  size_t mode = text.find("-epub-writing-mode: vertical-rl;");
  size_t extra = text.find("p { color: red; }");
  ASSERT_NE(mode, std::string::npos);
  ASSERT_NE(extra, std::string::npos);
  EXPECT_LT(mode, extra);
  EXPECT_NE(text.find("-webkit-writing-mode: vertical-rl;"), std::string::npos);
  EXPECT_NE(text.find("text-combine-upright: all;"), std::string::npos);
  // Only one @charset, at the very start.
  EXPECT_EQ(text.rfind("@charset \"utf-8\";\n", 0), 0u);
  EXPECT_EQ(text.find("@charset", 1), std::string::npos);

  RenderedBook h = render(sample_book(), {});
  EXPECT_EQ(find(h, "styles/book.css")->content.find("vertical-rl"), std::string::npos);
}

TEST(RenderBook, GivenCoverIsTheImageOnTheCoverPage) {
  Book book = sample_book();
  RenderOptions o;
  auto img = identify_image(test::read_file(test::source_dir() / "tests/fixtures/cover.jpg"), "c");
  ASSERT_TRUE(img.ok());
  o.cover = *img;
  RenderedBook r = render(book, o);
  const Document* image = find(r, "images/cover.jpg");
  ASSERT_NE(image, nullptr);
  EXPECT_EQ(image->media_type, "image/jpeg");
  EXPECT_EQ(image->properties, "cover-image");
  EXPECT_EQ(image->content, img->bytes);
  EXPECT_FALSE(image->spine);
  const Document* page = find(r, "text/cover.xhtml");
  ASSERT_NE(page, nullptr);
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(page->content.c_str()));
  pugi::xml_node body = doc.child("html").child("body");
  // The cover semantics sit on the image, with the matching ARIA role (Ace's
  // epub-type-has-matching-role; a role on <body> is not allowed).
  EXPECT_STREQ(body.child("img").attribute("epub:type").value(), "cover");
  EXPECT_STREQ(body.child("img").attribute("role").value(), "doc-cover");
  // Only an <img> in the body.
  int elements = 0;
  for (pugi::xml_node n : body.children())
    if (n.type() == pugi::node_element) ++elements;
  EXPECT_EQ(elements, 1);
  EXPECT_STREQ(body.child("img").attribute("src").value(), "../images/cover.jpg");
  EXPECT_STREQ(body.child("img").attribute("alt").value(), "長安十二時辰");
}

TEST(RenderBook, GeneratedCoverIsAPngTheSameOnEveryBuild) {
  RenderedBook r = render(sample_book(), {});
  const Document* png = find(r, "images/cover.png");
  ASSERT_NE(png, nullptr);
  EXPECT_EQ(png->media_type, "image/png");
  EXPECT_EQ(png->properties, "cover-image");
  auto img = identify_image(png->content, "cover.png");
  ASSERT_TRUE(img.ok()) << img.message();
  EXPECT_EQ(img->width, 1600);
  EXPECT_EQ(img->height, 2560);
  // No time or text chunk that would make two builds differ.
  for (const char* chunk : {"tIME", "tEXt", "iTXt", "zTXt"})
    EXPECT_EQ(png->content.find(chunk), std::string::npos) << chunk;
  EXPECT_EQ(render(sample_book(), {}).documents.size(), r.documents.size());
  EXPECT_EQ(find(render(sample_book(), {}), "images/cover.png")->content, png->content);
  // The title and author are drawn: another author, another picture.
  Book other = sample_book();
  other.meta.author = "佚名";
  EXPECT_NE(find(render(other, {}), "images/cover.png")->content, png->content);
}

TEST(RenderBook, TextAndTitlesAreEscaped) {
  Book b = sample_book();
  b.chapters[0].title = "第一章 <開始> & 結束";
  b.chapters[0].paragraphs = {{"他說：「A&B」<br>", 1, false}};
  RenderedBook r = render(b, RenderOptions{});
  const Document* ch = find(r, "text/ch0001.xhtml");
  ASSERT_NE(ch, nullptr);
  EXPECT_NE(ch->content.find("<p>他說：「A&amp;B」&lt;br&gt;</p>"), std::string::npos);
  EXPECT_NE(test::xhtml_text(ch->content).find("他說：「A&B」<br>"), std::string::npos);
  EXPECT_NE(ch->content.find("&lt;開始&gt; &amp; 結束"), std::string::npos);
}

}  // namespace
}  // namespace novelbind

namespace novelbind {
namespace {

// A markup character at every place of an eight-byte stretch of Chinese text (xml_escape passes
// over eight bytes at a time where none is one): each is escaped, the text around it kept.
TEST(XmlEscape, EscapesAMarkupCharacterWhereverItFalls) {
  const std::string han = "他走到窗前看着远处";  // 27 bytes
  for (std::string_view mark : {"&", "<", ">", "\""}) {
    const std::string entity = mark == "&"   ? "&amp;"
                               : mark == "<" ? "&lt;"
                               : mark == ">" ? "&gt;"
                                             : "&quot;";
    for (std::size_t at = 0; at <= han.size(); at += 3) {
      std::string text = han.substr(0, at) + std::string(mark) + han.substr(at) + "a?b";
      EXPECT_EQ(xml_escape(text), han.substr(0, at) + entity + han.substr(at) + "a?b") << at;
    }
  }
  EXPECT_EQ(xml_escape("a<b>&c\"d'e"), "a&lt;b&gt;&amp;c&quot;d'e");
  EXPECT_EQ(xml_escape(han), han);
}

}  // namespace
}  // namespace novelbind

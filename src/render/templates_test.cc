#include "render/templates.h"

#include <gtest/gtest.h>

#include "base/test_util.h"
#include "package/check.h"

namespace novelbind {
namespace {

namespace mustache = kainjow::mustache;

mustache::data chapter_data() {
  mustache::data d;
  d.set("lang", "zh-Hant");
  d.set("title", "第一章");
  d.set("name_html", "第一章");
  mustache::data paragraphs{mustache::data::type::list};
  mustache::data p;
  p.set("text", "甲 </b> 乙");
  p.set("html", "甲 &amp; 乙");
  p.set("scene_break", false);
  paragraphs.push_back(p);
  d.set("paragraphs", paragraphs);
  return d;
}

TEST(Templates, BuiltInsAreThere) {
  auto t = Templates::load();
  ASSERT_TRUE(t.ok());
  for (const char* name :
       {"chapter.xhtml", "title.xhtml", "cover.xhtml", "intro.xhtml", "toc.xhtml", "volume.xhtml",
        "base.css", "horizontal.css", "vertical.css"}) {
    EXPECT_TRUE(t->has(name)) << name;
    EXPECT_EQ(t->get(name).origin, std::string(name).find(".css") != std::string::npos
                                       ? std::string("styles/") + name
                                       : std::string("templates/") + name);
  }
}

TEST(Templates, OverrideReplacesOneFileAndKeepsTheOthers) {
  test::TempDir dir;
  test::write_file(dir / "title.xhtml", "<?xml version=\"1.0\"?><p class=\"mine\">{{title}}</p>");
  auto t = Templates::load(dir.path());
  ASSERT_TRUE(t.ok()) << t.message();
  EXPECT_EQ(t->get("title.xhtml").origin, (dir / "title.xhtml").string());
  EXPECT_EQ(t->get("chapter.xhtml").origin, "templates/chapter.xhtml");
  mustache::data d;
  d.set("title", "<紅樓夢>");
  auto out = t->render("title.xhtml", d, "title page");
  ASSERT_TRUE(out.ok()) << out.message();
  // Text is escaped for XML.
  EXPECT_EQ(*out, "<?xml version=\"1.0\"?><p class=\"mine\">&lt;紅樓夢&gt;</p>");
}

// A list given beside the data (a chapter's paragraphs, not copied into it) renders as if the
// data held it: inside its items a name is found in the item first, then in the page.
TEST(Templates, AListGivenBesideTheDataRendersAsIfItWereInIt) {
  test::TempDir dir;
  test::write_file(dir / "list.xhtml",
                   "<?xml version=\"1.0\"?>\n<ol title=\"{{title}}\">\n{{#paragraphs}}\n"
                   "<li>{{text}}|{{{html}}}|{{title}}</li>\n{{/paragraphs}}\n</ol>\n");
  auto t = Templates::load(dir.path());
  ASSERT_TRUE(t.ok());
  mustache::data whole = chapter_data();
  mustache::data beside{mustache::data::type::list};
  mustache::data item;
  item.set("text", "甲 </b> 乙");
  item.set("html", "甲 &amp; 乙");
  beside.push_back(item);
  item.set("title", "item title");
  beside.push_back(item);
  whole.set("paragraphs", beside);
  mustache::data without;
  without.set("title", "第一章");
  auto expected = t->render("list.xhtml", whole, "list");
  auto got = t->render("list.xhtml", without, "list", "paragraphs", &beside);
  ASSERT_TRUE(expected.ok()) << expected.message();
  ASSERT_TRUE(got.ok()) << got.message();
  EXPECT_EQ(*got, *expected);
  EXPECT_EQ(*got,
            "<?xml version=\"1.0\"?>\n<ol title=\"第一章\">\n"
            "<li>甲 &lt;/b&gt; 乙|甲 &amp; 乙|第一章</li>\n"
            "<li>甲 &lt;/b&gt; 乙|甲 &amp; 乙|item title</li>\n</ol>\n");
}

TEST(Templates, MissingOverrideFolderIsAnError) {
  test::TempDir dir;
  EXPECT_EQ(
      Templates::load(dir / "nope").message(),
      (dir / "nope").string() + ": template folder not found; fix [style] templates in book.toml");
}

TEST(Templates, SyntaxErrorNamesFileAndLine) {
  test::TempDir dir;
  test::write_file(dir / "chapter.xhtml",
                   "<?xml version=\"1.0\"?>\n<html>\n<body>\n{{#paragraphs}}\n<p>{{text}}</p>\n"
                   "</body>\n</html>\n");
  auto t = Templates::load(dir.path());
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->render("chapter.xhtml", chapter_data(), "chapter '第一章'").message(),
            (dir / "chapter.xhtml").string() +
                ":4: mustache syntax error: unclosed section \"paragraphs\"; fix the template");
}

TEST(Templates, UnclosedTagNamesItsLine) {
  test::TempDir dir;
  test::write_file(dir / "chapter.xhtml", "<?xml version=\"1.0\"?>\n<p>\n{{title</p>\n");
  auto t = Templates::load(dir.path());
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->render("chapter.xhtml", chapter_data(), "chapter '第一章'").message(),
            (dir / "chapter.xhtml").string() +
                ":3: mustache syntax error: unclosed tag; fix the template");
}

// The page cache trusts what Templates::render returns to be well-formed and looks only at its
// characters (check_rendered_document): every output that check_document refuses for its
// markup, render refuses; one it refuses for a character, check_rendered_document refuses.
TEST(Templates, WhatRenderReturnsPassesTheCheckOfADocument) {
  const std::string outputs[] = {
      "<?xml version=\"1.0\"?>\n<html><body><p>{{title}}</p></body></html>\n",
      "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html><body><p>{{title}}</p></body></html>\n",
      "<?xml version=\"1.0\"?>\n<html><body><p>{{title}}</body></html>\n",
      "<?xml version=\"1.0\"?>\n<html><body><p a=\"1\" a=\"2\">{{title}}</p></body></html>\n",
      "<?xml version=\"1.0\"?>\n<html><body><p>&#1;{{title}}</p></body></html>\n",
      "<?xml version=\"1.0\"?>\n<html><body><p>&bogus;{{title}}</p></body></html>\n",
      "<?xml version=\"1.0\"?>\n<html><body><p>{{title}}</p></body></html><p/>\n",
  };
  int refused = 0;
  for (const std::string& text : outputs) {
    test::TempDir dir;
    test::write_file(dir / "chapter.xhtml", text);
    auto t = Templates::load(dir.path());
    ASSERT_TRUE(t.ok());
    auto page = t->render("chapter.xhtml", chapter_data(), "chapter '第一章'");
    if (!page) {
      ++refused;
      continue;
    }
    EXPECT_EQ(check_rendered_document(*page), check_document(*page)) << text;
  }
  // The unclosed tag; pugixml (and so check_document too) lets the doubled attribute, the
  // unknown entity and the second element at the top pass.
  EXPECT_EQ(refused, 1);
}

TEST(Templates, MalformedMarkupNamesTheTemplateLine) {
  test::TempDir dir;
  test::write_file(dir / "chapter.xhtml",
                   "<?xml version=\"1.0\"?>\n<html>\n<body>\n{{#paragraphs}}\n<p>{{text}}</P>\n"
                   "{{/paragraphs}}\n</body>\n</html>\n");
  auto t = Templates::load(dir.path());
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->render("chapter.xhtml", chapter_data(), "chapter '第一章'").message(),
            (dir / "chapter.xhtml").string() +
                ":5: the chapter '第一章' it renders is not well-formed XHTML (start-end tags "
                "mismatch); fix the template");
}

TEST(Templates, UnescapedDataThatBreaksTheMarkupNamesTheOutputLine) {
  test::TempDir dir;
  test::write_file(dir / "chapter.xhtml",
                   "<?xml version=\"1.0\"?>\n<html>\n{{#paragraphs}}\n<p>{{{text}}}</p>\n"
                   "{{/paragraphs}}\n</html>\n");
  auto t = Templates::load(dir.path());
  ASSERT_TRUE(t.ok());
  // {{{text}}} is not escaped: "甲 </b> 乙" breaks the markup. The template's own markup is
  // fine, so the message points at the output.
  EXPECT_EQ(t->render("chapter.xhtml", chapter_data(), "chapter '第一章'").message(),
            (dir / "chapter.xhtml").string() +
                ": the chapter '第一章' it renders is not well-formed XHTML (start-end tags "
                "mismatch at line 3 of the output); fix the template");
}

}  // namespace
}  // namespace novelbind

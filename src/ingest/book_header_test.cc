#include "ingest/book_header.h"
#include "ingest/book_metadata.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {
namespace {

// A headless first chapter of `file` with one paragraph per line (blank lines skipped, as
// the splitter does), numbered from 1.
Chapter front_chapter(const std::vector<std::string>& lines, const std::string& file = "仙逆.txt") {
  Chapter c;
  c.title = "前言";
  c.front_matter = true;
  c.sources = {file};
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    Paragraph p;
    p.text = lines[i];
    p.line = static_cast<int>(i + 1);
    p.scene_break = lines[i] == "<break>";
    if (p.scene_break) p.text.clear();
    c.paragraphs.push_back(p);
  }
  return c;
}

// A one-file book: `front`, the text before its first heading, then three headed chapters of
// `file` (第1章 …, 第2章 …, 第3章 …), each one line of story.
Book book_after(Chapter front, const std::string& file, const std::string& title = "桃园") {
  Book book;
  book.chapters = {std::move(front)};
  for (int n = 1; n <= 3; ++n) {
    Chapter c;
    c.title = c.heading = "第" + std::to_string(n) + "章 " + title;
    c.number = n;
    c.part = n;
    c.sources = {file};
    c.paragraphs.push_back({"话说天下大势，分久必合，合久必分。", 20, false});
    book.chapters.push_back(c);
  }
  return book;
}

TEST(BookHeader, ZhuajiHeaderGivesTitleAuthorBlurbAndLeavesTheStory) {
  Chapter c =
      front_chapter({"《仙逆》", "作者：耳根", "", "内容简介：",
                     "    他是如何一步一步走向巅峰，请看耳根作品《仙逆》",
                     "详细信息请查阅：http://www.zhuaji.org/book/435", "", "<break>",
                     "免责声明：仙逆txt全集下载由爪机书屋（www.zhuaji.org)书友收集整理自网络",
                     "<break>", "仙逆 最新50章正文 开始", "", "王林睁开双眼，望着远处。"});
  BookHeader h = take_book_header(c, "仙逆");
  EXPECT_EQ(h.title, "仙逆");
  EXPECT_EQ(h.title_line, 1);
  EXPECT_EQ(h.author, "耳根");
  EXPECT_EQ(h.author_line, 2);
  EXPECT_EQ(h.description, "他是如何一步一步走向巅峰，请看耳根作品《仙逆》");
  EXPECT_EQ(h.removed, 9);
  EXPECT_EQ(test::paragraph_texts(c), std::vector<std::string>{"王林睁开双眼，望着远处。"});
  ASSERT_EQ(c.repairs.size(), 9u);
  EXPECT_EQ(c.repairs[0].rule, "book_header");
  EXPECT_EQ(c.repairs[0].file, "仙逆.txt");
  EXPECT_EQ(c.repairs[0].line, 1);
  EXPECT_EQ(c.repairs[0].before, "《仙逆》");
  EXPECT_EQ(c.repairs[8].line, 11);
  EXPECT_EQ(c.repairs[8].before, "仙逆 最新50章正文 开始");
}

// The blurb's label in another word (an unseen 暗示: 作品简述 alone on its line, the blurb under
// it).
TEST(BookHeader, TheBlurbsLabelInOtherWords) {
  Chapter c = front_chapter(
      {"《暗示》", "", "作者：遇瑾", "", "作品简述", "",
       "十几名武警荷枪实弹，将一个瘦弱女人押送至市精神病院。", "", "<break>", "", "第一章　序章"},
      "暗示.txt");
  BookHeader h = take_book_header(c, "暗示");
  EXPECT_EQ(h.description, "十几名武警荷枪实弹，将一个瘦弱女人押送至市精神病院。");
  EXPECT_EQ(test::paragraph_texts(c), std::vector<std::string>{"第一章　序章"});
}

TEST(BookHeader, FramedFieldsOfADownloadersHeader) {
  // Each field in brackets (『』 here made ‘’ by the quotes rule before the header is read),
  // title and author on one line, a status field, the start mark and 正文.
  Chapter c =
      front_chapter({"‘红楼梦/作者：曹雪芹’", "‘状态：完结’", "‘内容简介：’",
                     "　　一块无才补天的顽石，随一僧一道坠入红尘。", "",
                     "------章节内容开始-------", "", "正文", "", "话说宝玉养过了三十三天之后。"},
                    "红楼梦.txt");
  BookHeader h = take_book_header(c, "红楼梦");
  EXPECT_EQ(h.title, "红楼梦");
  EXPECT_EQ(h.author, "曹雪芹");
  EXPECT_EQ(h.description, "一块无才补天的顽石，随一僧一道坠入红尘。");
  EXPECT_EQ(test::paragraph_texts(c), (std::vector<std::string>{"话说宝玉养过了三十三天之后。"}));
}

// A zxcs download's header: title and author on one line, set apart by a space (将夜 作者：猫腻).
TEST(BookHeader, TitleAndAuthorOnOneLineBySpace) {
  Chapter c =
      front_chapter({"将夜 作者：猫腻", "", "内容简介：", "　　与天斗，其乐无穷。"}, "jiangye.txt");
  BookHeader h = take_book_header(c, "jiangye");
  EXPECT_EQ(h.title, "将夜");
  EXPECT_EQ(h.author, "猫腻");
  EXPECT_EQ(h.description, "与天斗，其乐无穷。");
  EXPECT_TRUE(test::paragraph_texts(c).empty());
  // An info block's label in brackets (an unseen 卡提諾 collection): the name before the comma.
  Chapter block =
      front_chapter({"大明妖孽", "", "【小說作者】：冰臨神下，男，起點作家。"}, "dm.txt");
  EXPECT_EQ(take_book_header(block, "dm").author, "冰臨神下");
  // 正文卷 alone between rules before the first chapter (明克街13号 and three more books of one
  // repository) is the start mark of the text, no page of its own.
  Chapter volume = front_chapter({"------------", "正文卷", "------------"}, "mkj.txt");
  take_book_header(volume, "mkj");
  EXPECT_TRUE(test::paragraph_texts(volume).empty() ||
              test::paragraph_texts(volume) == std::vector<std::string>{"------------"});
  // A field's label before it is no title (a tool's record: title: 作者：夜来风雨声丶).
  Chapter record = front_chapter({"title: 作者：夜来风雨声丶"}, "metadata.txt");
  EXPECT_NE(take_book_header(record, "metadata").title, "title:");
  // A title and its byline on one line (落第书生 周九 著): the title and the author; it was all
  // the title.
  Chapter byline = front_chapter({"落第书生 周九 著"}, "luodi.txt");
  BookHeader b = take_book_header(byline, "luodi");
  EXPECT_EQ(b.title, "落第书生");
  EXPECT_EQ(b.author, "周九");
  // A story's line with 作者 after a space is no header: its first part is a sentence.
  Chapter story = front_chapter({"他说：我是 作者：不是你。"}, "a.txt");
  EXPECT_EQ(take_book_header(story, "a").author, "");
}

// A jjwxc download's header: its 文案 is the blurb, and the fields after it (内容标签：…,
// 搜索关键字：主角：… ┃ 配角：… ┃ 其它：) are the site's page, no part of it; they were.
TEST(BookHeader, AJjwxcHeadersTagFieldsAreNoBlurb) {
  Chapter c = front_chapter(
      {"《红楼梦》作者：曹雪芹", "", "文案：", "贾府盛衰，宝黛情缘。", "",
       "内容标签：宫廷侯爵 家长里短", "搜索关键字：主角：贾宝玉，林黛玉 ┃ 配角：薛宝钗 ┃ 其它："},
      "书.txt");
  Book book;
  book.chapters = {c};
  Chapter story;
  story.title = story.heading = "第六十一回 投鼠忌器";
  story.part = 1;
  story.sources = {"书.txt"};
  story.paragraphs.push_back({"话说那柳家的，听了这小么儿一席话。", 9, false});
  book.chapters.push_back(story);
  book.chapters.push_back(story);
  book.chapters.push_back(story);
  BookMetadata m = read_book_metadata(book, "书", true);
  EXPECT_EQ(m.title, "红楼梦");
  EXPECT_EQ(m.description, "贾府盛衰，宝黛情缘。");
}

TEST(BookHeader, ASitePagesButtonsAndPromotionsAreNoBlurb) {
  // A site's book page copied whole: its latest chapter, its buttons, the blurb, a list of the
  // site's new books, the range of the download and the page's address.
  Chapter c = front_chapter(
      {"我在精神病院学斩神", "作者：三九音域", "状态：连载", "最新：番外 红缨的礼物", "加入书架",
       "开始阅读", "内容简介：", "你是否想过，在霓虹璀璨的都市之下，潜藏着来自古老神话的怪物？",
       "新书推荐：首辅养成手册、小军阀、剥糖", "", "下载章节索引范围：1 ~ 2034", "",
       "来自链接：https://www.example.xyz/book/58424/", "", "-----------------------", "",
       "炎炎八月。"},
      "我在精神病院学斩神.txt");
  BookHeader h = take_book_header(c, "我在精神病院学斩神");
  EXPECT_EQ(h.title, "我在精神病院学斩神");
  EXPECT_EQ(h.author, "三九音域");
  EXPECT_EQ(h.description, "你是否想过，在霓虹璀璨的都市之下，潜藏着来自古老神话的怪物？");
  EXPECT_EQ(test::paragraph_texts(c), std::vector<std::string>{"炎炎八月。"});
}

TEST(BookHeader, TheBlurbASiteWritesForEveryBookIsNotTheBooks) {
  // In the place of the book's own blurb, the one a site lists every book with; and the page's
  // 继续阅读 button beside 加入书架.
  Chapter c = front_chapter(
      {"斗罗大陆1", "作者：唐家三少", "状态：连载", "加入书架", "继续阅读", "内容简介：",
       "如果您喜欢小说斗罗大陆1，请将斗罗大陆1章节目录加入收藏方便您下次阅读小兵将在第一时间更新"
       "小说斗罗大陆1，发现没及时更新，请告知我们谢谢11w0-10236",
       "新书推荐：最佳女婿、求魔", "", "来自链接：https://www.example.xyz/book/55160/", "",
       "-----------------------", "", "巴蜀，历来有天府之国的美誉。"},
      "斗罗大陆1.txt");
  BookHeader h = take_book_header(c, "斗罗大陆1");
  EXPECT_EQ(h.title, "斗罗大陆1");
  EXPECT_EQ(h.author, "唐家三少");
  EXPECT_EQ(h.description, "");
  EXPECT_EQ(test::paragraph_texts(c), std::vector<std::string>{"巴蜀，历来有天府之国的美誉。"});
}

TEST(BookHeader, ACopyrightFieldAfterAnUnlabelledBlurbIsNotPartOfIt) {
  // 番茄's export: the blurb runs on past a rule (——) to a line in 『』, then the copyright
  // field; the lines after the rule are read as the front's blurb, the field without it.
  Book book;
  book.chapters.push_back(front_chapter(
      {"诡舍", "作者：夜来风雨声丶", "分类：悬疑脑洞、无限流", "主角：宁秋水",
       "简介：【无限流+微惊悚】", "一辆没有司机的大巴，载着一群被诅咒的人。", "<break>",
       "『夜深了朋友，来诡舍里坐坐。』",
       "版权信息：本书的数字版权由 番茄小说 提供并授权发行，如有任何疑问，请通过“我的-意见反馈”"
       "告知我们。"},
      "诡舍.txt"));
  for (int n = 1; n <= 3; ++n) {
    Chapter story;
    story.heading = story.title = "第" + std::to_string(n) + "章 大巴";
    story.sources = {"诡舍.txt"};
    story.paragraphs.push_back({"浓雾中，一辆破旧的大巴正沿着公路缓缓驶来。", 12 + n, false});
    book.chapters.push_back(story);
  }
  BookMetadata m = read_book_metadata(book, "诡舍", true);
  EXPECT_EQ(m.title, "诡舍");
  EXPECT_EQ(m.author, "夜来风雨声丶");
  EXPECT_EQ(m.description,
            "【无限流+"
            "微惊悚】\n一辆没有司机的大巴，载着一群被诅咒的人。\n『夜深了朋友，来诡舍里坐坐。』");
  ASSERT_EQ(book.chapters.size(), 3u);
  EXPECT_EQ(book.chapters[0].title, "第1章 大巴");
}

// The text between a story's title and its first section that closes with its date is the
// author's preface, not a blurb (an unseen 狂人日记: 某君昆仲，… 七年四月二日识。 then 一): it
// stays the book's first section. Without the date the same text is the blurb.
TEST(BookHeader, AFrontTextThatClosesWithItsDateIsAPreface) {
  for (bool dated : {true, false}) {
    Book book;
    std::string preface = "某君昆仲，今隐其名，皆余昔日在中学时良友；分隔多年，消息渐阙。";
    if (dated) preface += "七年四月二日识。";
    book.chapters.push_back(front_chapter({"狂人日记", preface}, "狂人日记.txt"));
    for (const char* n : {"一", "二", "三"}) {
      Chapter story;
      story.heading = story.title = n;
      story.sources = {"狂人日记.txt"};
      story.paragraphs.push_back({"今天晚上，很好的月光。我不见他，已是三十多年。", 9, false});
      book.chapters.push_back(story);
    }
    BookMetadata m = read_book_metadata(book, "狂人日记", true);
    EXPECT_EQ(m.title, "狂人日记");
    if (dated) {
      EXPECT_EQ(m.description, "");
      ASSERT_EQ(book.chapters.size(), 4u);
      EXPECT_EQ(test::paragraph_texts(book.chapters[0]), std::vector<std::string>{preface});
    } else {
      EXPECT_EQ(m.description, preface);
      EXPECT_EQ(book.chapters.size(), 3u);
    }
  }
}

// A story without headings under a pack's header whose blurb is its opening, copied (an unseen
// 越女剑: 书名：越女剑 … 简介：“请！”“请！”, two paragraphs, then 越女剑 and the story): the blurb
// ends at the book's title set on a line of its own; and a header that would take all of a
// one-chapter book's text leaves it whole. (The book was lost: no chapter text.)
TEST(BookHeader, TheHeaderNeverTakesTheWholeStory) {
  const std::vector<std::string> opening = {"“请！”“请！”",
                                            "两名剑士各自倒转剑尖，右手握剑柄，躬身行礼。",
                                            "两人身子尚未站直，突然间白光闪动，双剑相交。"};
  std::vector<std::string> lines = {
      "书名: 越女剑", "男女主角:", "系列名:", "简介:" + opening[0], "", opening[1], "",
      opening[2],     "",          "越女剑"};
  for (const std::string& l : opening) lines.push_back(l);
  lines.push_back("青衣剑士连劈三剑，锦衫剑士一一格开。");
  Book book;
  book.chapters = {front_chapter(lines, "越女剑.txt")};
  BookMetadata m = read_book_metadata(book, "越女剑", true);
  EXPECT_EQ(m.title, "越女剑");
  ASSERT_EQ(book.chapters.size(), 1u);
  std::vector<std::string> story;
  for (const Paragraph& p : book.chapters[0].paragraphs) story.push_back(p.text);
  std::vector<std::string> expected = {"越女剑"};  // (the book's title line, left for the build)
  expected.insert(expected.end(), opening.begin(), opening.end());
  expected.push_back("青衣剑士连劈三剑，锦衫剑士一一格开。");
  EXPECT_EQ(story, expected);

  // No title line to end the blurb: the book keeps all of its text.
  Book untitled;
  untitled.chapters = {front_chapter(
      {"作者: 金庸", "简介:" + opening[0], "", opening[1], opening[2]}, "越女剑.txt")};
  read_book_metadata(untitled, "越女剑", true);
  ASSERT_EQ(untitled.chapters.size(), 1u);
  EXPECT_GE(untitled.chapters[0].paragraphs.size(), 3u);
}

// A file named by a code whose only text before the first heading is a short line: the line is
// the title (an unseen download's 三国演义 over 第1章 became a chapter 前言 holding only its title,
// and the book was titled 12345). In a file named in words, such a line is the title when it is
// the name with spaces set between its words (红楼梦 后传 in 红楼梦后传.txt): as the name writes
// it.
TEST(BookHeader, ALoneShortLineBeforeTheFirstHeadingIsTheTitle) {
  auto book_of = [](const std::string& line, const std::string& file) {
    return book_after(front_chapter({line}, file), file);
  };
  Book coded = book_of("三国演义", "12345.txt");
  BookMetadata m = read_book_metadata(coded, "12345", true);
  EXPECT_EQ(m.title, "三国演义");
  ASSERT_EQ(coded.chapters.size(), 3u);
  EXPECT_EQ(coded.chapters[0].title, "第1章 桃园");

  Book spaced = book_of("红楼梦 后传", "红楼梦后传.txt");
  EXPECT_EQ(read_book_metadata(spaced, "红楼梦后传", true).title, "红楼梦后传");
  EXPECT_EQ(spaced.chapters.size(), 3u);

  // A file named in words keeps a line that is not its name (a dedication may stand there).
  Book named = book_of("献给我的母亲", "我的书.txt");
  EXPECT_EQ(read_book_metadata(named, "我的书", true).title, "我的书");
  EXPECT_EQ(named.chapters.size(), 4u);
}

// A browser extension's download in a folder named by a code: each file's heading names the
// book before it (红楼梦 第一回 …) and the author's line stands under it. The book is 红楼梦 by
// 曹雪芹 (it was "novel", without an author); a name of title, author and site before the headings
// gives both (交错时光的爱恋_席绢_TXT小说天堂 第一章).
TEST(BookHeader, TheNameBeforeTheHeadingsAndTheAuthorUnderThem) {
  Book book;
  for (int n = 1; n <= 4; ++n) {
    Chapter c;
    c.heading = "红楼梦 第" + std::to_string(n) + "回 甄士隐梦幻识通灵";
    c.title = "第" + std::to_string(n) + "回 甄士隐梦幻识通灵";
    c.source_index = n - 1;
    c.sources = {"000" + std::to_string(n) + ".txt"};
    c.paragraphs.push_back({"作者：曹雪芹　　更新时间：2020-01-01", 2, false});
    c.paragraphs.push_back({"此开卷第一回也。作者自云：因曾历过一番梦幻之后。", 4, false});
    book.chapters.push_back(c);
  }
  BookMetadata m = read_book_metadata(book, "novel_download", false, true, "红楼梦");
  EXPECT_EQ(m.title, "红楼梦");
  EXPECT_EQ(m.author, "曹雪芹");
  // A folder named in words keeps its name for the title.
  EXPECT_EQ(read_book_metadata(book, "石头记", false, true, "红楼梦").title, "石头记");
  // Under too few headings the line says nothing of the book.
  book.chapters[1].paragraphs.edit()[0].text = "贾雨村风尘怀闺秀。";
  book.chapters[2].paragraphs.edit()[0].text = "贾雨村风尘怀闺秀。";
  EXPECT_EQ(read_book_metadata(book, "novel_download", false, true).author, "");

  Book site;
  site.chapters = book.chapters;
  BookMetadata named =
      read_book_metadata(site, "prefix", false, true, "交错时光的爱恋_席绢_TXT小说天堂");
  EXPECT_EQ(named.title, "交错时光的爱恋");
  EXPECT_EQ(named.author, "席绢");
}

// A 笔趣阁 downloader's header frames each field in 『』, the blurb's frame closing lines below
// its label (『内容简介: … 』): the blurb is the lines between, without the label or the marks
// (the intro page read ‘内容简介： / 东汉末年，天下大乱。 / ’). The cleaning may have made the
// marks quotation marks first.
TEST(BookHeader, ABlurbFramedAcrossLines) {
  for (auto [open, close] : {std::pair<std::string, std::string>{"『", "』"}, {"‘", "’"}}) {
    Chapter c = front_chapter({open + "三国演义/作者:罗贯中" + close, open + "状态:已完结" + close,
                               open + "内容简介:", "  东汉末年，天下大乱。", close, "",
                               "话说天下大势，分久必合，合久必分。"},
                              "三国演义.txt");
    BookHeader h = take_book_header(c, "三国演义");
    EXPECT_EQ(h.title, "三国演义");
    EXPECT_EQ(h.author, "罗贯中");
    EXPECT_EQ(h.description, "东汉末年，天下大乱。") << open;
    EXPECT_EQ(test::paragraph_texts(c),
              std::vector<std::string>{"话说天下大势，分久必合，合久必分。"});
  }
}

// A 起点 download's sections before the story, each headed 作品相关, are the book's front
// matter: neither the blurb's continuation nor a blurb of their own (the intro page held
// 作品相关 新书感言 / 每天两更。 / 作品相关 人物设定 / 刘备：…).
TEST(BookHeader, SectionsHeadedWorkRelatedAreNoBlurb) {
  Book book = book_after(
      front_chapter({"《三国演义》", "作者：罗贯中", "", "内容简介：", "　　东汉末年，天下大乱。",
                     "", "作品相关 新书感言", "　　每天两更。", "作品相关 人物设定",
                     "　　刘备：字玄德，涿郡涿县人。"},
                    "三国演义.txt"),
      "三国演义.txt");
  BookMetadata m = read_book_metadata(book, "三国演义", true);
  EXPECT_EQ(m.description, "东汉末年，天下大乱。");
  ASSERT_EQ(book.chapters.size(), 4u);
  EXPECT_EQ(test::paragraph_texts(book.chapters[0]),
            (std::vector<std::string>{"作品相关 新书感言", "　　每天两更。", "作品相关 人物设定",
                                      "　　刘备：字玄德，涿郡涿县人。"}));
}

// The site's path to the first chapter after the book's header (首页 > 古典 > 红楼新编 > 第1章 …)
// is no blurb: it was the book's intro page.
TEST(BookHeader, ASitesPathIsNoBlurb) {
  Book book = book_after(front_chapter({"红楼新编", "作者：曹雪芹", "", "",
                                        "首页 > 古典 > 红楼新编 > 第1章 托内兄如海荐西宾"},
                                       "红楼新编.txt"),
                         "红楼新编.txt", "托内兄如海荐西宾");
  BookMetadata m = read_book_metadata(book, "红楼新编", true);
  EXPECT_EQ(m.title, "红楼新编");
  EXPECT_EQ(m.author, "曹雪芹");
  EXPECT_EQ(m.description, "");
  EXPECT_EQ(book.chapters.size(), 3u);
}

// txt80's header: its start mark, the title in ASCII title marks, the pen name (five characters)
// alone under it (an unseen 万界之最强商人, whose name became the description); a tag is no title.
TEST(BookHeader, ATitleInAngleBracketsAndALongerPenNameUnderIt) {
  Chapter c = front_chapter(
      {"---------------------------用户上传之内容开始--------------------------------",
       "<万界之最强商人>", "活的红烧鱼", "", "第一章 万界交易系统",
       "“李老板，那咱们就这么说定了。”"},
      "book.txt");
  BookHeader h = take_book_header(c, "book");
  EXPECT_EQ(h.title, "万界之最强商人");
  EXPECT_EQ(h.author, "活的红烧鱼");
  Chapter tag = front_chapter({"<br>", "活的红烧鱼", "", "第一章 万界交易系统"}, "book.txt");
  EXPECT_NE(take_book_header(tag, "book").title, "br");
}

TEST(BookHeader, ABracketedTitleAndTheAuthorsNameOnOneLine) {
  Chapter c = front_chapter(
      {"《斗破苍穹》天蚕土豆", "", "第一章 陨落的天才", "萧炎望着测验魔石碑。"}, "book.txt");
  BookHeader h = take_book_header(c, "book");
  EXPECT_EQ(h.title, "斗破苍穹");
  // A pen name of six characters, and a site's statement under it.
  Chapter dnf = front_chapter(
      {"《DNF圣职者转生异界》不够虔诚的灯", "",
       "严正声明：本书为UU小说网(www.uuxs5.net)的用户上传至其在本站的存储空间",
       "在线阅读：http://www.uuxs5.net/r43817/", "--------", "", "主线任务：制作属于自己的武器。"},
      "DNF圣职者转生异界.txt");
  BookHeader d = take_book_header(dnf, "DNF圣职者转生异界");
  EXPECT_EQ(d.title, "DNF圣职者转生异界");
  EXPECT_EQ(d.author, "不够虔诚的灯");
  EXPECT_EQ(test::paragraph_texts(dnf), std::vector<std::string>{"主线任务：制作属于自己的武器。"});
  // What follows the title in its place is no author when it names a part of the book.
  Chapter latest = front_chapter({"《斗破苍穹》最新章节", "", "萧炎望着测验魔石碑。"}, "b.txt");
  EXPECT_EQ(take_book_header(latest, "b").author, "");
  EXPECT_EQ(h.author, "天蚕土豆");
}

TEST(BookHeader, ATitleWithACommaAboveTheAuthorsLine) {
  Chapter c = front_chapter({"我代理阎王，直播点卯全网吓傻", "作者：我自逍遥游", "分类：都市脑洞",
                             "简介：刘见仙被迫穿越到平行世界，成为了人间代理阎王。", "",
                             "第1章 人间代理阎王", "刘见仙睁开眼。"},
                            "book.txt");
  BookHeader h = take_book_header(c, "book");
  EXPECT_EQ(h.title, "我代理阎王，直播点卯全网吓傻");
  EXPECT_EQ(h.author, "我自逍遥游");
  // A story line with a comma and a sentence's end is never a title.
  Chapter story =
      front_chapter({"他走了，天黑了。", "作者：我自逍遥游", "第1章 人间代理阎王"}, "b.txt");
  EXPECT_EQ(take_book_header(story, "b").title, "");
}

TEST(BookHeader, FieldsAfterTheTitleGoWithTheHeader) {
  Chapter c =
      front_chapter({"诡舍", "作者：夜来风雨声丶", "分类：悬疑脑洞、无限流、灵异", "主角：宁秋水",
                     "简介：【无限流+微惊悚】", "一辆没有司机的大巴，载着一群被诅咒的人。", "", "",
                     "版权信息：本书的数字版权由 番茄小说 提供并授权发行。", "", "",
                     "浓雾中，一辆破旧的大巴正沿着公路缓缓驶来。"},
                    "诡舍.txt");
  BookHeader h = take_book_header(c, "诡舍");
  EXPECT_EQ(h.title, "诡舍");
  EXPECT_EQ(h.author, "夜来风雨声丶");
  EXPECT_EQ(test::paragraph_texts(c),
            (std::vector<std::string>{"浓雾中，一辆破旧的大巴正沿着公路缓缓驶来。"}));
  // A story line that opens like a field stays: the header ended before it.
  Chapter story = front_chapter({"主角：宁秋水走进门来。", "他坐下了。"}, "诡舍.txt");
  take_book_header(story, "诡舍");
  EXPECT_EQ(story.paragraphs.size(), 2u);
}

TEST(BookHeader, BareTitleLineFollowedByTheAuthorsLine) {
  Chapter c = front_chapter({"浮生六記", "作者：清.沈復（沈三白）", "", "目　錄", "卷一 閨房記樂"},
                            "浮生六記.txt");
  BookHeader h = take_book_header(c, "浮生六記");
  EXPECT_EQ(h.title, "浮生六記");
  EXPECT_EQ(h.author, "清.沈復（沈三白）");
  EXPECT_EQ(test::paragraph_texts(c), (std::vector<std::string>{"目　錄", "卷一 閨房記樂"}));
  // Over a title page's byline (红楼梦, then 曹雪芹 著, in 书.txt): the title and the author; the
  // two lines were a chapter 前言 and the book was named 书.
  Chapter page = front_chapter({"红楼梦", "曹雪芹 著", ""}, "书.txt");
  BookHeader b = take_book_header(page, "书");
  EXPECT_EQ(b.title, "红楼梦");
  EXPECT_EQ(b.author, "曹雪芹");
  EXPECT_TRUE(test::paragraph_texts(page).empty());
}

// A converted book's header: the author's label set out with spaces, another field or the
// translator after a wide gap, the author's country before the name (unseen 猎奇的后果, whose
// author came from the file's name instead, and 悖论13).
TEST(BookHeader, AnAuthorsLabelSetOutWithSpacesAndFieldsBesideTheName) {
  Chapter a = front_chapter({"   猎奇的后果     ", "  作 者：江户川乱步    类别:推理-推理",
                             "    青木爱之助在东京有一栋别墅，他平均每月总要去一次。"},
                            "猎奇的后果 - 东野圭吾.txt");
  BookHeader h = take_book_header(a, "猎奇的后果");
  EXPECT_EQ(h.title, "猎奇的后果");
  EXPECT_EQ(h.author, "江户川乱步");
  Chapter b = front_chapter({"作    者：（日）东野圭吾   著  林青华 译",
                             "　　诚哉在警视厅的走廊上停下脚步，回头看了一眼。"},
                            "悖论13.txt");
  EXPECT_EQ(take_book_header(b, "悖论13").author, "东野圭吾");
}

// A classical text's author under its title after the dynasty (an unseen 小山詞: 宋 晏幾道 stayed
// the first line of the story, the book without an author); a name that begins with a
// dynasty's word (金庸, 明月) is no dynasty and a name.
TEST(BookHeader, AClassicalAuthorAfterTheDynasty) {
  for (const char* line : {"宋 晏幾道", "［宋］晏幾道", "（宋）晏幾道", "宋·晏幾道"}) {
    Chapter c = front_chapter({"小山詞", line, "　　鬥草階前初見，穿針樓上曾逢。"}, "小山詞.txt");
    BookHeader h = take_book_header(c, "小山詞");
    EXPECT_EQ(h.title, "小山詞") << line;
    EXPECT_EQ(h.author, "晏幾道") << line;
  }
  Chapter d = front_chapter(
      {"射雕英雄传", "金庸", "　　钱塘江浩浩江水，日日夜夜无穷无休的从两浙西路流入大海。"},
      "射雕英雄传.txt");
  EXPECT_EQ(take_book_header(d, "射雕英雄传").author, "金庸");
}

// An old text's title page, its title and author set out with spaces (wmtxt's 越女剑.txt):
// the words without them.
TEST(BookHeader, ATitleAndAuthorSetOutWithSpaces) {
  Chapter c = front_chapter({"　　", "　　越    女    剑", "　　金  庸", "　　“请！”“请！”",
                             "　　两名剑士各自倒转剑尖，躬身行礼。"},
                            "越女剑.txt");
  BookHeader h = take_book_header(c, "越女剑");
  EXPECT_EQ(h.title, "越女剑");
  EXPECT_EQ(h.author, "金庸");
  EXPECT_EQ(test::paragraph_texts(c),
            (std::vector<std::string>{"　　“请！”“请！”", "　　两名剑士各自倒转剑尖，躬身行礼。"}));
  // So under a file named in pinyin (an unseen yuenvjian.txt: the title was 越    女    剑).
  Chapter p = front_chapter({"　　越    女    剑", "　　金  庸", "　　“请！”“请！”",
                             "　　两名剑士各自倒转剑尖，躬身行礼。"},
                            "yuenvjian.txt");
  EXPECT_EQ(take_book_header(p, "yuenvjian").title, "越女剑");
  // Spaced words that are not the file's name are no title: a line of story stays.
  Chapter d = front_chapter({"　　好    好    好", "　　他连说三声，转身去了。"}, "越女剑.txt");
  EXPECT_EQ(take_book_header(d, "越女剑").title, "");
  EXPECT_EQ(d.paragraphs.size(), 2u);
}

// A web novel's title holds a comma or ends with ？！: labelled (书名: …) or equal to the file's
// name over the author's line, it is the title all the same (fanqie downloads).
TEST(BookHeader, AWebNovelsTitleWithACommaOrMarks) {
  Chapter c =
      front_chapter({"书名: 八百块，买了个修真界", "作者: 生生不息+", "标签: 连载中|都市修真",
                     "简介: 何余买了个奇怪的玻璃箱。", "", "第1章 买了个奇怪的箱子"},
                    "八百块，买了个修真界.txt");
  BookHeader h = take_book_header(c, "八百块，买了个修真界");
  EXPECT_EQ(h.title, "八百块，买了个修真界");
  EXPECT_EQ(h.author, "生生不息+");
  Chapter d = front_chapter({"全民系统，我的怎么是360？！", "作者：孙悟饭与龟波功", "主角：陆零",
                             "简介：别人觉醒神级天赋。", "", "第1章 安全卫士"},
                            "全民系统，我的怎么是360？！.txt");
  BookHeader hd = take_book_header(d, "全民系统，我的怎么是360？！");
  EXPECT_EQ(hd.title, "全民系统，我的怎么是360？！");
  EXPECT_EQ(hd.author, "孙悟饭与龟波功");
  // A story's line with a question is no title even over a line that looks like a field.
  Chapter e = front_chapter({"你是谁？！", "作者：他想了想，没有回答。"}, "x.txt");
  EXPECT_EQ(take_book_header(e, "x").title, "");
  // A colon between a title's words and marks at its end, over the author's line, whatever the
  // file is named (two unseen fanqie downloads left their headers as a 前言 chapter).
  Chapter f = front_chapter({"直播鉴宝：怎么连线的全是鬼啊！", "作者：一起抓鲸鱼", "分类：悬疑脑洞",
                             "简介：穿越平行世界。", "", "第1章 开局"},
                            "x.txt");
  BookHeader hf = take_book_header(f, "x");
  EXPECT_EQ(hf.title, "直播鉴宝：怎么连线的全是鬼啊！");
  EXPECT_EQ(hf.author, "一起抓鲸鱼");
  EXPECT_GE(hf.removed, 4);  // title, author, field and blurb left the story
  // A title that asks between its parts, over the author's line (a renamed fanqie download).
  Chapter q = front_chapter(
      {"微信连三界？我有葫芦侠修改数据", "作者：入神", "", "第1章 三界聊天群？"}, "x.txt");
  BookHeader hq = take_book_header(q, "x");
  EXPECT_EQ(hq.title, "微信连三界？我有葫芦侠修改数据");
  EXPECT_EQ(hq.author, "入神");
  // A statement is no title, over the author's line or not.
  Chapter said = front_chapter({"他走了。你呢？", "作者：入神"}, "x.txt");
  EXPECT_EQ(take_book_header(said, "x").title, "");
  // A field's label is no title, nor is a line of dialogue.
  Chapter field = front_chapter({"状态：连载中", "作者：某某"});
  EXPECT_EQ(take_book_header(field, "x").title, "");
  // A file's name may write a full-width mark half-width: the line is its title, author or not.
  Chapter g = front_chapter({"我把惊悚世界玩成养成游戏！", "", "第1章 开局"}, "x.txt");
  EXPECT_EQ(take_book_header(g, "我把惊悚世界玩成养成游戏!").title, "我把惊悚世界玩成养成游戏！");
}

// A download's template fields left empty (男女主角:, 系列名:, an unseen 侠客行's) are the
// header's: they leave the story and stay out of the blurb.
TEST(BookHeader, EmptyTemplateFieldsAreTheHeaders) {
  Chapter c =
      front_chapter({"书名: 侠客行", "男女主角:", "系列名:", "简介:　　“赵客缦胡缨，吴钩霜雪明。”",
                     "", "第一章　玄铁令"},
                    "侠客行.txt");
  BookHeader h = take_book_header(c, "侠客行");
  EXPECT_EQ(h.title, "侠客行");
  EXPECT_EQ(h.description.find("男女主角"), std::string::npos) << h.description;
  EXPECT_EQ(h.description.find("系列名"), std::string::npos) << h.description;
  EXPECT_NE(h.description.find("赵客缦胡缨"), std::string::npos) << h.description;
  // A site's page repeats its label at the blurb's head, after the book's name.
  for (const char* repeated : {"斗罗大陆2绝世唐门免费小说简介：", "《猎艳都市》简介："}) {
    Chapter r =
        front_chapter({"斗罗大陆2绝世唐门", "作者：唐家三少", "内容简介：",
                       std::string(repeated) + "《绝世唐门》是唐家三少的新作。", "", "", "## 引子"},
                      "x.txt");
    EXPECT_EQ(take_book_header(r, "x").description, "《绝世唐门》是唐家三少的新作。") << repeated;
  }
  // A blurb the site shortened, with its unfold link: the link and the sentence it cut off go.
  Chapter u = front_chapter(
      {"斗破苍穹", "作者：天蚕土豆", "内容简介：",
       "　　这里是属于斗气的世界！　　……　　吴磊、林允主演的 展开全部>>", "", "", "## 第一章"},
      "x.txt");
  EXPECT_EQ(take_book_header(u, "x").description, "这里是属于斗气的世界！\n……");
  // Paragraphs run together in the blurb's line are paragraphs again; one that ends with full
  // stops typed for an ellipsis is whole.
  Chapter e = front_chapter(
      {"大奉打更人", "作者：卖报小郎君", "内容简介：",
       "　　这个世界，有儒；有术士。　　许七安幽幽醒来，三日后流放边陲.....　　他起初的目的只是"
       "自保，顺便当个富家翁 展开全部>>",
       "", "", "## 第一章"},
      "x.txt");
  EXPECT_EQ(take_book_header(e, "x").description,
            "这个世界，有儒；有术士。\n许七安幽幽醒来，三日后流放边陲.....");
  // A site's long list of its other books ends the blurb.
  Chapter l = front_chapter({"十日终焉", "作者：杀虫队队员", "内容简介：",
                             "当我以为这只是寻常的一天时，却发现自己被捉到了终焉之地。",
                             "新书推荐：学霸的黑科技系统、宝贝今天想我了吗[娱乐圈]"
                             "、小青梅、我的婆婆是重生的[七零]、都市妖"
                             "奇谈、末日乐园、表妹手册、星际破烂女王、BE狂魔求生系统、真千金是真大"
                             "佬、这是一个很长的书名列表、"
                             "再加一个书名、又一个书名",
                             "", "", "## 第一章"},
                            "x.txt");
  EXPECT_EQ(take_book_header(l, "x").description,
            "当我以为这只是寻常的一天时，却发现自己被捉到了终焉之地。");
  // The site's id for the book glued to the blurb's end goes, with the title before it.
  for (const char* end : {"11w0-55729", "猎艳都市11w0-24369"}) {
    Chapter r =
        front_chapter({"猎艳都市", "作者：老马识途", "内容简介：",
                       std::string("金钱美女送上门，一杆金枪忙不赢。") + end, "", "", "## 第一章"},
                      "x.txt");
    EXPECT_EQ(take_book_header(r, "x").description, "金钱美女送上门，一杆金枪忙不赢。") << end;
  }
  Chapter v = front_chapter(
      {"书", "作者：某", "内容简介：", "他买了一台X-2000", "", "", "## 第一章"}, "x.txt");
  EXPECT_EQ(take_book_header(v, "x").description, "他买了一台X-2000");
  // A story's line that ends with a colon, with no header before it, stays.
  Chapter d = front_chapter({"他说：", "“走吧。”"}, "x.txt");
  EXPECT_EQ(take_book_header(d, "x").removed, 0);
}

// `金庸著` under the title, no space before 著: a byline (飞狐外传.txt), while 四大名著 is a word.
TEST(BookHeader, ANameAndItsBylineMarkWithoutASpace) {
  Chapter c =
      front_chapter({"　　飞狐外传", "　　金庸著", "　　第一章　大雨商家堡"}, "飞狐外传.txt");
  BookHeader h = take_book_header(c, "飞狐外传");
  EXPECT_EQ(h.title, "飞狐外传");
  EXPECT_EQ(h.author, "金庸");
  EXPECT_EQ(h.description, "");
  Chapter d = front_chapter({"《红楼梦》", "中国古典编著"}, "x.txt");
  EXPECT_EQ(take_book_header(d, "x").author, "");
}

// `金庸《碧血剑》`: the author's name before the bracketed title, as the first line.
TEST(BookHeader, TheAuthorsNameBeforeTheBracketedTitle) {
  Chapter c = front_chapter({"　　金庸《碧血剑》", "　　大明成祖皇帝永乐年间，浡泥国国王来朝。"},
                            "碧血剑.txt");
  BookHeader h = take_book_header(c, "碧血剑");
  EXPECT_EQ(h.title, "碧血剑");
  EXPECT_EQ(h.author, "金庸");
  EXPECT_EQ(test::paragraph_texts(c),
            std::vector<std::string>{"　　大明成祖皇帝永乐年间，浡泥国国王来朝。"});
  // A line of story that names a book is none (it is more than a name and the title).
  Chapter d = front_chapter({"　　他读过金庸《碧血剑》的人都知道。"}, "x.txt");
  EXPECT_EQ(take_book_header(d, "x").title, "");
}

TEST(BookHeader, BylineFoundPastALineAboutTheEditionWhichStays) {
  Chapter c =
      front_chapter({"==========", "更多精校小说尽在互联书屋：http://www.zvzee.com/",
                     "==========", "　　《龙族》合集", "　　包含《龙族1·火之晨曦》等五册",
                     "　　江南 著", "", "", "内容简介：", "　　《龙族1：火之晨曦》：",
                     "　　他叫路明非，一个平凡普通的学生。", "", "　　《龙族2：悼亡者之瞳》：",
                     "　　这是一个关于屠龙者的故事。", "", "", "", "　　龙族·火之晨曦"},
                    "龙族1-3.txt");
  BookHeader h = take_book_header(c, "龙族1-3");
  EXPECT_EQ(h.title, "龙族");
  EXPECT_EQ(h.author, "江南");
  EXPECT_EQ(h.description,
            "《龙族1：火之晨曦》：\n他叫路明非，一个平凡普通的学生。\n《龙族2：悼亡者之瞳》：\n"
            "这是一个关于屠龙者的故事。");
  EXPECT_EQ(test::paragraph_texts(c),
            (std::vector<std::string>{"　　包含《龙族1·火之晨曦》等五册", "　　龙族·火之晨曦"}));
}

TEST(BookHeader, AStoryLineIsNeverATitle) {
  // A short first line of story: no 作者 line follows and it is not the file's name.
  Chapter c = front_chapter({"夜深了", "他推开门，走进雨里。"}, "book.txt");
  BookHeader h = take_book_header(c, "book");
  EXPECT_EQ(h.title, "");
  EXPECT_EQ(h.removed, 0);
  EXPECT_EQ(test::paragraph_texts(c), (std::vector<std::string>{"夜深了", "他推开门，走进雨里。"}));
  // A book named in a story line is not a title line either.
  Chapter d = front_chapter({"《石头记》一书，说来话长。"}, "hongloumeng.txt");
  EXPECT_EQ(take_book_header(d, "hongloumeng").title, "");
  EXPECT_EQ(d.paragraphs.size(), 1u);
  // 著 without a space is a word (名著), not a byline.
  Chapter e = front_chapter({"《红楼梦》", "四大名著"}, "x.txt");
  BookHeader he = take_book_header(e, "x");
  EXPECT_EQ(he.author, "");
  EXPECT_EQ(test::paragraph_texts(e), std::vector<std::string>{"四大名著"});
}

TEST(BookHeader, AnAddressInTheStoryIsNotASiteNotice) {
  Chapter c = front_chapter({"他在浏览器里输入www.example.com，按下回车。", "页面亮了。"}, "x.txt");
  BookHeader h = take_book_header(c, "x");
  EXPECT_EQ(h.removed, 0);
  EXPECT_EQ(c.paragraphs.size(), 2u);
}

TEST(BookHeader, ABlurbLabelFollowedByTheWholeStoryKeepsTheStory) {
  std::vector<std::string> lines = {"《长夜》", "内容简介："};
  for (int i = 0; i < 100; ++i) {
    lines.push_back("他走了很久，天色渐渐暗了下来，远处的山影像一头伏着的兽。");
    lines.push_back("");
  }
  Chapter c = front_chapter(lines, "长夜.txt");
  BookHeader h = take_book_header(c, "长夜");
  EXPECT_EQ(h.title, "长夜");
  EXPECT_EQ(h.description, "");
  EXPECT_EQ(h.removed, 1);  // the title line only
  EXPECT_EQ(c.paragraphs.size(), 101u);
  EXPECT_EQ(c.paragraphs[0].text, "内容简介：");
}

// A folder or file named with its author in the ways downloads name them: the author, and the
// title without the name (the whole name was the title, or 某甲著, or 作者, was the author).
TEST(BookHeader, AuthorsInNamesAsDownloadsWriteThem) {
  for (const char* name : {"三国新编_某甲著", "[某甲]三国新编", "【某甲】三国新编",
                           "三国新编 某甲 著", "三国新编_作者_某甲"}) {
    NameMetadata m = metadata_from_name(name);
    EXPECT_EQ(m.title, "三国新编") << name;
    EXPECT_EQ(m.author, "某甲") << name;
  }
  EXPECT_EQ(metadata_from_name("[精校]三国新编").author, "");
}

TEST(BookHeader, TitleAndAuthorFromFileNames) {
  NameMetadata a = metadata_from_name("《浮生六記》作者：清.沈復");
  EXPECT_EQ(a.title, "浮生六記");
  EXPECT_EQ(a.author, "清.沈復");
  NameMetadata b = metadata_from_name("交错时光的爱恋_席绢_TXT小说天堂");
  EXPECT_EQ(b.title, "交错时光的爱恋");
  EXPECT_EQ(b.author, "席绢");
  NameMetadata c = metadata_from_name("斗破苍穹 作者：天蚕土豆");
  EXPECT_EQ(c.title, "斗破苍穹");
  EXPECT_EQ(c.author, "天蚕土豆");
  // 网 inside a title (全网) is no site's name; one that ends a part (起点中文网) is.
  NameMetadata e = metadata_from_name("我代理阎王，直播点卯全网吓傻_我自逍遥游");
  EXPECT_EQ(e.title, "我代理阎王，直播点卯全网吓傻");
  EXPECT_EQ(e.author, "我自逍遥游");
  NameMetadata f = metadata_from_name("雪中悍刀行_烽火戏诸侯_起点中文网");
  EXPECT_EQ(f.title, "雪中悍刀行");
  EXPECT_EQ(f.author, "烽火戏诸侯");
  NameMetadata g = metadata_from_name("《斗破苍穹》天蚕土豆");
  EXPECT_EQ(g.title, "斗破苍穹");
  EXPECT_EQ(g.author, "天蚕土豆");
  // A crawler's suffix, an edition word and "by" before a site's name (69书吧, 笔趣阁), is no
  // author.
  for (const char* name : {"捞尸人_全本by69书吧", "捞尸人_全本by笔趣阁", "捞尸人_69书吧"}) {
    NameMetadata crawled = metadata_from_name(name);
    EXPECT_EQ(crawled.title, "捞尸人") << name;
    EXPECT_EQ(crawled.author, "") << name;
  }
  NameMetadata h = metadata_from_name("《斗破苍穹》精校");
  EXPECT_EQ(h.title, "斗破苍穹");
  EXPECT_EQ(h.author, "");
  NameMetadata d = metadata_from_name("大主宰");
  EXPECT_EQ(d.title, "大主宰");
  EXPECT_EQ(d.author, "");
  // A splitter's folder: a label in Latin letters, then the book's name.
  NameMetadata l = metadata_from_name("novel_斗罗大陆2绝世唐门");
  EXPECT_EQ(l.title, "斗罗大陆2绝世唐门");
  EXPECT_EQ(l.author, "");
  EXPECT_EQ(metadata_from_name("novel_雪中悍刀行_烽火戏诸侯").author, "烽火戏诸侯");
  EXPECT_TRUE(is_ascii_name("hongloumeng"));
  EXPECT_FALSE(is_ascii_name("龙族1-3"));
}

// A download's name decorated with its edition (（精校版）, (全本), 【完结】) names the book
// without it; a bracket of the title's own stays. A name of two parts set apart by a dash
// keeps both, for the text to tell which is the title.
TEST(BookHeader, EditionNotesAndDashedPartsOfFileNames) {
  EXPECT_EQ(metadata_from_name("天龙八部（精校版）").title, "天龙八部");
  EXPECT_EQ(metadata_from_name("天龙八部(全本)").title, "天龙八部");
  EXPECT_EQ(metadata_from_name("三体（全三册）【txt】").title, "三体");
  EXPECT_EQ(metadata_from_name("斗罗大陆（上）").title, "斗罗大陆（上）");
  EXPECT_EQ(metadata_from_name("雪中悍刀行（精校版）_烽火戏诸侯").author, "烽火戏诸侯");
  EXPECT_EQ(metadata_from_name("雪中悍刀行（精校版）_烽火戏诸侯").title, "雪中悍刀行");
  NameMetadata dashed = metadata_from_name("金庸-天龙八部（修订版）");
  EXPECT_EQ(dashed.dash_parts, (std::vector<std::string>{"金庸", "天龙八部"}));
  EXPECT_TRUE(metadata_from_name("龙族1-3").dash_parts.empty());
  EXPECT_TRUE(metadata_from_name("a-b-c").dash_parts.empty());
  // A site's name on one side of the dash: the other side is the title.
  NameMetadata site = metadata_from_name("24堂财富课-书包网 bookbao.com ");
  EXPECT_EQ(site.title, "24堂财富课");
  EXPECT_TRUE(site.dash_parts.empty());
}

TEST(BookHeader, DecisionsAreLoggedWithTheirEvidence) {
  Book book;
  book.chapters.push_back(front_chapter({"《仙逆》", "作者：耳根", "正文"}));
  Chapter story;
  story.heading = story.title = "第一章 离乡";
  story.sources = {"仙逆.txt"};
  story.paragraphs.push_back({"王林睁开双眼。", 5, false});
  book.chapters.push_back(story);
  BookMetadata m = read_book_metadata(book, "仙逆", true);
  EXPECT_EQ(m.title, "仙逆");
  EXPECT_EQ(m.author, "耳根");
  ASSERT_EQ(m.log.size(), 3u);
  EXPECT_EQ(m.log[0].message, "title 仙逆 from 仙逆.txt:1 《仙逆》");
  EXPECT_EQ(m.log[1].message, "author 耳根 from 仙逆.txt:2 作者：耳根");
  EXPECT_EQ(m.log[2].message,
            "3 header line(s) of 仙逆.txt removed from the story (rule book_header)");
  // The header chapter is gone; its repairs are kept with the next chapter.
  ASSERT_EQ(book.chapters.size(), 1u);
  EXPECT_EQ(book.chapters[0].title, "第一章 离乡");
  EXPECT_EQ(book.chapters[0].repairs.size(), 3u);
}

// A chapter of a folder's `file` with one paragraph of story after its heading at `line` (0: the
// file's name).
Chapter story_chapter(const std::string& file, const std::string& heading, int line) {
  Chapter c;
  c.heading = c.title = heading;
  c.sources = {file};
  c.heading_line = line;
  c.paragraphs.push_back({"王林睁开双眼。", line + 1, false});
  return c;
}

// A crawler's folder: the book's header at the top of its first file, before the first
// chapter's heading, is read as a one-file book's is, blurb and all.
TEST(BookHeader, TheHeaderOfAFolderIsAtTheTopOfItsFirstFile) {
  Book book;
  book.chapters.push_back(front_chapter(
      {"《仙逆》", "作者：耳根", "内容简介：", "他是如何一步一步走向巅峰。"}, "仙逆/0001.txt"));
  for (const char* file : {"仙逆/0001.txt", "仙逆/0002.txt", "仙逆/0003.txt"})
    book.chapters.push_back(story_chapter(file, "第一章 离乡", 6));
  BookMetadata m = read_book_metadata(book, "仙逆", false);
  EXPECT_EQ(m.title, "仙逆");
  EXPECT_EQ(m.author, "耳根");
  EXPECT_EQ(m.description, "他是如何一步一步走向巅峰。");
  ASSERT_EQ(book.chapters.size(), 3u);
  EXPECT_EQ(book.chapters[0].title, "第一章 离乡");
}

// Where the titles are the files' names, the first file's text opens with the header and then
// its chapter's story, which stays however short it is: a file of its own is no blurb.
// The title line at the top of a book whose file is named `作者-书名` or `书名 - 作者`: the
// title from the text, the other part of the name its author, the title line out of the story.
TEST(BookHeader, ATitleLineNamedByOnePartOfADashedName) {
  for (const char* name : {"金庸-天龙八部", "天龙八部 - 金庸", "天龙八部（精校版）"}) {
    Book book;
    book.chapters.push_back(front_chapter({"天龙八部", "", "一、少年游"}, "x.txt"));
    book.chapters.push_back(story_chapter("x.txt", "一　青衫磊落险峰行", 5));
    BookMetadata m = read_book_metadata(book, name, true);
    EXPECT_EQ(m.title, "天龙八部") << name;
    EXPECT_EQ(m.author, std::string_view(name).find("金庸") != std::string_view::npos ? "金庸" : "")
        << name;
    ASSERT_FALSE(book.chapters.empty());
    for (const Paragraph& p : book.chapters.front().paragraphs) EXPECT_NE(p.text, "天龙八部");
  }
}

TEST(BookHeader, AFirstFileTitledByItsNameKeepsItsStoryUnderTheHeader) {
  Book book;
  Chapter first =
      front_chapter({"《仙逆》", "作者：耳根", "王林睁开双眼。", "天亮了。"}, "仙逆/0001 离乡.txt");
  first.front_matter = false;
  first.heading = first.title = "离乡";
  first.heading_line = 0;  // the file's name
  book.chapters.push_back(first);
  for (const char* file : {"仙逆/0002 入门.txt", "仙逆/0003 筑基.txt"})
    book.chapters.push_back(story_chapter(file, "入门", 0));
  BookMetadata m = read_book_metadata(book, "仙逆", false);
  EXPECT_EQ(m.title, "仙逆");
  EXPECT_EQ(m.author, "耳根");
  EXPECT_EQ(m.description, "");
  ASSERT_EQ(book.chapters.size(), 3u);
  ASSERT_EQ(book.chapters[0].paragraphs.size(), 2u);
  EXPECT_EQ(book.chapters[0].paragraphs[0].text, "王林睁开双眼。");
  EXPECT_EQ(book.chapters[0].title, "离乡");
}

// The mark where the story starts (正文), alone between the header and the first heading, is no
// part of the blurb: it leaves the story with the header.
TEST(BookHeader, TheStartMarkAfterTheHeaderIsNoPartOfTheBlurb) {
  Book book;
  Chapter front =
      front_chapter({"我的体内有只鬼", "作者：一柄墨刀", "简介：厉鬼复苏，百鬼夜行。",
                     "版权信息：本书的数字版权由 塔读文学 提供并授权发行。", "", "正文"},
                    "我的体内有只鬼.txt");
  book.chapters.push_back(front);
  for (const char* title : {"第1章 鬼怪的世界", "第2章 影子", "第3章 雾"}) {
    Chapter c = story_chapter("我的体内有只鬼.txt", title, 10);
    c.source_index = 0;
    c.part = static_cast<int>(book.chapters.size());
    book.chapters.push_back(c);
  }
  BookMetadata m = read_book_metadata(book, "我的体内有只鬼", true);
  EXPECT_EQ(m.author, "一柄墨刀");
  EXPECT_EQ(m.description, "厉鬼复苏，百鬼夜行。");
  ASSERT_EQ(book.chapters.size(), 3u);
  EXPECT_EQ(book.chapters[0].title, "第1章 鬼怪的世界");
}

// An uploader's credit and contacts after the blurb (an unseen 暗示): they leave the story and
// stay out of the description.
TEST(BookHeader, AnUploadersCreditAndContactsAreNoBlurb) {
  Book book;
  Chapter front = front_chapter(
      {"《暗示》", "作者：遇瑾2014", "作品简述",
       "十几名武警荷枪实弹，将一个瘦弱女人押送至市精神病院。", "", "", "* * ** * ** * ** *",
       "本书由“尹子”整理.", "想获得更多免费电子书请加小编微信：ynventon",
       "QQ群：534205772   公众号（尹子书社）：yinwd2010", "小编喜欢结交一些喜欢读书的朋友 ."},
      "暗示.txt");
  book.chapters.push_back(front);
  for (const char* title : {"第一章　序章", "第二章　病人", "第三章　夜"}) {
    Chapter c = story_chapter("暗示.txt", title, 20);
    c.source_index = 0;
    c.part = static_cast<int>(book.chapters.size());
    book.chapters.push_back(c);
  }
  BookMetadata m = read_book_metadata(book, "暗示", true);
  EXPECT_EQ(m.author, "遇瑾2014");
  EXPECT_EQ(m.description, "十几名武警荷枪实弹，将一个瘦弱女人押送至市精神病院。");
  ASSERT_EQ(book.chapters.size(), 3u);
  EXPECT_EQ(book.chapters[0].title, "第一章　序章");
  // A blurb's own words about a message stay in it.
  for (const char* line : {"他在微信上给她留了言，却一直没有等到回复。", "本书由作者亲自修订。",
                           "她的QQ：一个早已不用的号码。"})
    EXPECT_FALSE(is_header_notice(line)) << line;
  // A printed book's publisher and translator under its title (an unseen 怪笑小说, whose
  // description they once were).
  for (const char* line : {"南海出版公司", "李盈春 译", "人民文学出版社"})
    EXPECT_TRUE(is_header_notice(line)) << line;
  for (const char* line : {"他把这本书译完了", "她去了出版社。"})
    EXPECT_FALSE(is_header_notice(line)) << line;
}

// A Project Gutenberg download: its header and its licence leave the story; its fields give the
// title and author.
TEST(BookHeader, ALibrarysHeaderAndFooterLeaveTheStory) {
  Book book;
  book.chapters.push_back(
      front_chapter({"The Project Gutenberg eBook of 紅樓夢",
                     "This eBook is for the use of anyone anywhere.", "Title: 紅樓夢",
                     "Author: Xueqin Cao", "*** START OF THE PROJECT GUTENBERG EBOOK 紅樓夢 ***"},
                    "紅樓夢.txt"));
  for (const char* title : {"第一回 甄士隱", "第二回 賈夫人", "第三回 賈雨村"}) {
    Chapter c = story_chapter("紅樓夢.txt", title, 10);
    c.part = static_cast<int>(book.chapters.size());
    book.chapters.push_back(c);
  }
  Chapter& last = book.chapters.back();
  for (const char* line : {"*** END OF THE PROJECT GUTENBERG EBOOK 紅樓夢 ***",
                           "Updated editions will replace the previous one."})
    last.paragraphs.push_back({line, 40, false});
  BookMetadata m = read_book_metadata(book, "紅樓夢", true);
  EXPECT_EQ(m.title, "紅樓夢");
  EXPECT_EQ(m.author, "Xueqin Cao");
  ASSERT_EQ(book.chapters.size(), 3u);
  EXPECT_EQ(book.chapters[0].title, "第一回 甄士隱");
  EXPECT_EQ(test::paragraph_texts(book.chapters.back()),
            (std::vector<std::string>{"王林睁开双眼。"}));
  EXPECT_EQ(book.chapters.back().repairs.size(), 2u);
}

// A download named by the title's pinyin initials (tlbb.txt): the title line it spells, alone at
// the top, is the title; a first line it does not spell stays in the story.
TEST(BookHeader, ATitleLineSpelledByAPinyinName) {
  Chapter c = front_chapter({"本书来自www.wmtxt.com免费txt小说下载站", "　　天龙八部", "　　金  庸",
                             "　　青衫磊落险峰行。", "　　他走进了大厅。"},
                            "tlbb.txt");
  BookHeader h = take_book_header(c, "tlbb");
  EXPECT_EQ(h.title, "天龙八部");
  EXPECT_EQ(h.author, "金庸");
  EXPECT_EQ(test::paragraph_texts(c),
            (std::vector<std::string>{"　　青衫磊落险峰行。", "　　他走进了大厅。"}));
  Chapter d = front_chapter({"　　天龙八部", "　　他走进了大厅。"}, "tianlongbabu.txt");
  EXPECT_EQ(take_book_header(d, "tianlongbabu").title, "天龙八部");
  Chapter e = front_chapter({"　　大雪纷飞", "　　他走进了大厅。"}, "tlbb.txt");
  EXPECT_EQ(take_book_header(e, "tlbb").title, "");
  EXPECT_EQ(e.paragraphs.size(), 2u);
}

TEST(BookHeader, APinyinNameTheTextNeverSpellsStaysTheTitleAndTheLogSaysSo) {
  Book book;
  Chapter c;
  c.heading = c.title = "第1章 甄士隐梦幻识通灵";
  c.sources = {"hongloumeng.txt"};
  c.paragraphs.push_back({"此开卷第一回也。", 2, false});
  book.chapters.push_back(c);
  BookMetadata m = read_book_metadata(book, "hongloumeng", true);
  EXPECT_EQ(m.title, "hongloumeng");
  ASSERT_EQ(m.log.size(), 1u);
  EXPECT_EQ(m.log[0].message,
            "title hongloumeng is the name 'hongloumeng': the text names no title; set it with "
            "--title or [book] title");
  EXPECT_EQ(book.chapters[0].paragraphs.size(), 1u);
}

TEST(BookHeader, APinyinNameGivesTheTitleTheTextSpellsAndTheLogSaysWhy) {
  Book book;
  Chapter c;
  c.heading = c.title = "第5章 游幻境指迷十二钗 饮仙醪曲演红楼梦";
  c.sources = {"hongloumeng.txt"};
  c.paragraphs.push_back({"新填《红楼梦》仙曲十二支。", 2, false});
  book.chapters.push_back(c);
  BookMetadata m = read_book_metadata(book, "hongloumeng", true);
  EXPECT_EQ(m.title, "红楼梦");
  ASSERT_EQ(m.log.size(), 1u);
  EXPECT_EQ(m.log[0].message,
            "title 红楼梦: the name 'hongloumeng' is the pinyin of 红楼梦, which the text uses 2 "
            "time(s)");
}

}  // namespace
}  // namespace novelbind

#include "order/author_notes.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace novelbind {
namespace {

Chapter titled_chapter(const std::string& title, std::vector<std::string> lines) {
  Chapter c;
  c.title = title;
  c.heading = title;
  c.sources = {"book.txt"};
  int n = 0;
  for (std::string& l : lines) c.paragraphs.push_back(Paragraph{std::move(l), ++n, false});
  return c;
}

std::vector<std::string> texts(const ChapterText& ps) {
  std::vector<std::string> out;
  for (const Paragraph& p : ps) out.push_back(p.text);
  return out;
}

const std::vector<std::string> kNoteStory = {
    "香橙走进门来，看了看四周。", "屋里没有人，桌上放着一封信。",
    "她拆开信，读了两遍，大家都说她傻。", "窗外的雨下得更大了。"};

std::vector<std::string> with(std::vector<std::string> before, std::vector<std::string> after) {
  std::vector<std::string> out = std::move(before);
  out.insert(out.end(), kNoteStory.begin(), kNoteStory.end());
  out.insert(out.end(), after.begin(), after.end());
  return out;
}

TEST(AuthorNotes, NotesAtAChaptersEndGoToTheNotesPage) {
  Book book;
  book.chapters = {
      titled_chapter("1.失业", with({}, {"大家元旦快乐！"})),
      titled_chapter("2.走为上策", with({}, {"三更了，怎么感觉都没人看呢？不喜欢吗？呜呜…"})),
      titled_chapter("3.宴会", with({}, {"插曲：", "香橙一把拉住了某烟：你不会真的想让我被OOXX吧？",
                                         "某烟一把甩开香橙：你还想等到什么时候？"})),
      titled_chapter("4.相遇",
                     with({}, {"推荐烟的新文《绝世媚妃》", "一夜缠绵过后，她的心就坠入了万丈深渊…",
                               "感谢亲 碎碎念 的花花！"})),
      titled_chapter("5.离开", with({"（感谢送金牌的亲们）“蓝鸟”宫殿的四楼是休息区。"}, {}))};
  keep_author_notes_apart(book);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(texts(book.chapters[i].paragraphs), kNoteStory) << i;
  EXPECT_EQ(texts(book.chapters[4].paragraphs), with({"“蓝鸟”宫殿的四楼是休息区。"}, {}));
  ASSERT_EQ(book.notes.size(), 5u);
  EXPECT_EQ(book.notes[0].chapter, "1.失业");
  EXPECT_EQ(texts(book.notes[0].paragraphs), (std::vector<std::string>{"大家元旦快乐！"}));
  EXPECT_EQ(book.notes[2].paragraphs.size(), 3u);
  EXPECT_EQ(texts(book.notes[4].paragraphs), (std::vector<std::string>{"（感谢送金牌的亲们）"}));
  EXPECT_EQ(book.chapters[0].repairs.at(0).rule, "author_note");
  EXPECT_EQ(book.chapters[0].repairs.at(0).line, 5);
  ASSERT_EQ(book.warnings.size(), 1u);
  EXPECT_EQ(book.warnings[0].rule, "author_note");
}

// An 起点-style serial's notes on the update, each a line wholly in brackets, and thanks that
// quote a supporter's name (an unseen download left all of them in the story): the author's.
// A line of dialogue in brackets, or quoting someone's words, is the story's.
TEST(AuthorNotes, UpdateNotesInBracketsAndThanksQuotingANameAreNotes) {
  Book book;
  book.chapters = {
      titled_chapter("1.失业", with({"（先更后改）"}, {"感谢“江东鼠辈”成为本书第一位盟主！"})),
      titled_chapter("2.走为上策", with({}, {"（第二更，还有一更在晚上。）"})),
      titled_chapter("3.宴会", with({}, {"（感谢书友“江东小霸王”的打赏，加更一章！）"})),
      titled_chapter("4.相遇", with({"（先生，你回来了。）"}, {"感谢“你救了我”，她低声说。"}))};
  keep_author_notes_apart(book);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(texts(book.chapters[i].paragraphs), kNoteStory) << i;
  EXPECT_EQ(texts(book.chapters[3].paragraphs),
            with({"（先生，你回来了。）"}, {"感谢“你救了我”，她低声说。"}));
  ASSERT_EQ(book.notes.size(), 3u);
  EXPECT_EQ(texts(book.notes[0].paragraphs),
            (std::vector<std::string>{"（先更后改）", "感谢“江东鼠辈”成为本书第一位盟主！"}));
}

// An afterword is the author's own text from its first line to its last: nothing of it is a
// note beside a story (书剑恩仇录's 后　记 thanks the proofreaders in its first paragraph).
TEST(AuthorNotes, AnAfterwordIsTheAuthorsWholeText) {
  const std::vector<std::string> afterword = {
      "本书最初在报上连载，后来出版单行本。对负责校对的蔡炎培兄及各位工友，常有既感且愧之念。",
      "《作品集》的出版策划与印刷，承沈宝新兄多所尽力，谨此致谢。", "大家元旦快乐！"};
  for (const char* title : {"后　记", "後記", "后记：写在连载之后", "自序", "☆、完结感言"}) {
    Book book;
    book.chapters = {titled_chapter("1.失业", with({}, {"大家元旦快乐！"})),
                     titled_chapter(title, afterword)};
    keep_author_notes_apart(book);
    EXPECT_EQ(texts(book.chapters[1].paragraphs), afterword) << title;
    EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory) << title;  // a chapter's note goes
  }
}

// After the story's end (a chapter closing with 全文完, or an afterword) the rest is the author's:
// an afterword in numbered sections the structure made chapters of their own (an unseen 将夜
// download: 后记 无穷的欢乐, then 【十一、鸣谢】 … 感谢家人，知名不具。) keeps every line.
TEST(AuthorNotes, NothingAfterTheStorysEndIsANote) {
  const std::vector<std::string> thanks = {"鸣谢名单越短越好。", "感谢辛苦的管理人员们，不多言。",
                                           "感谢家人，知名不具。"};
  for (const char* end : {"", "（全文完）"}) {
    Book book;
    book.chapters = {titled_chapter("1.失业", with({}, {"大家元旦快乐！"})),
                     titled_chapter("2.走为上策", with({}, {end})),
                     titled_chapter("【十一、鸣谢】", thanks)};
    if (std::string(end).empty()) book.chapters[1].title = "后记 无穷的欢乐";
    keep_author_notes_apart(book);
    EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory) << end;  // a chapter's note goes
    EXPECT_EQ(texts(book.chapters[2].paragraphs), thanks) << end;
  }
}

// A title that ends naming the author's section (an unseen SF轻小说 crawl's 作者的小后记) keeps its
// text whole too; unlike an afterword's, it does not end the story (上架感言 comes mid-book).
TEST(AuthorNotes, AChapterNamedTheAuthorsWordsKeepsItsText) {
  const std::vector<std::string> words = {
      "想来魔女完结也挺长时间了，很多读者是因为读了我的魔女才入的坑。", "谢谢大家。"};
  Book book;
  book.chapters = {titled_chapter("上架感言", words),
                   titled_chapter("1.失业", with({}, {"大家元旦快乐！"})),
                   titled_chapter("作者的小后记", words)};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), words);
  EXPECT_EQ(texts(book.chapters[1].paragraphs), kNoteStory);  // a chapter's note still goes
  EXPECT_EQ(texts(book.chapters[2].paragraphs), words);
}

TEST(AuthorNotes, StoryAtAChaptersEndStays) {
  // Dialogue, narration that says 大家, a long paragraph, a classic's narrator to his readers.
  std::vector<std::vector<std::string>> ends = {{"“谢谢大家的支持，我们明天再见！”她笑着说。"},
                                                {"大家都笑了，屋里暖和起来。"},
                                                {"且听下回分解。"},
                                                {"他把收藏多年的书放回了书架，又看了一眼窗外。"}};
  Book book;
  for (const auto& end : ends) book.chapters.push_back(titled_chapter("第一回", with({}, end)));
  keep_author_notes_apart(book);
  for (size_t i = 0; i < ends.size(); ++i)
    EXPECT_EQ(texts(book.chapters[i].paragraphs), with({}, ends[i])) << i;
  EXPECT_TRUE(book.notes.empty());
}

// A note that cheers the readers on (an unseen 一念永恒, back after two months): a short line of
// the author's own spirit between two of the note's lines goes with it, and the site's rankings
// the author aims for (点击榜，推荐榜) are a note's words. The story's last line above the note,
// which weighs nothing, stays, short as it is.
TEST(AuthorNotes, AShortLineBetweenTwoOfTheNotesLinesIsTheNotes) {
  const std::vector<std::string> note = {
      "兄弟姐妹们，阔别2个月，你们想不想我啊，我非常想你们！",
      "这本书，我做了详细的大纲，明天，正式更新，依旧是中午一章，晚上一章！",
      "很兴奋，我们已沉寂了数月，如今归来，要……再战！",
      "新书期，兄弟姐妹，别忘了收藏与推荐啊，收藏与推荐至关重要！",
      "让众人知晓，我们……归来了！",
      "我们的目标，依旧是……点击榜，推荐榜，第一！"};
  Book book;
  book.chapters = {titled_chapter("第一章 他叫白小纯", with({}, note))};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory);
  ASSERT_EQ(book.notes.size(), 1u);
  EXPECT_EQ(texts(book.notes[0].paragraphs), note);

  // Two short lines of the story between note lines are no bridge: the note above them is the
  // story's (its words weigh as a note's) only when nothing of the story stands between.
  Book story;
  story.chapters = {
      titled_chapter("第二章", with({}, {"新书期，别忘了收藏与推荐啊！", "风停了。", "雨也停了。",
                                         "感谢书友的打赏，明天三更！"}))};
  keep_author_notes_apart(story);
  EXPECT_EQ(texts(story.chapters[0].paragraphs),
            with({}, {"新书期，别忘了收藏与推荐啊！", "风停了。", "雨也停了。"}));
}

// The line above a note's label is outside the note the label opens (an unseen 诡秘之主: the
// hero's last thought, 抱歉，我真地想回家……, then PS：周一求推荐票~): it stays, though it would
// go with a note inside one; a note of its own above the label goes with it.
TEST(AuthorNotes, TheLineAboveALabelIsANoteOnlyByItsOwnWords) {
  Book book;
  book.chapters = {
      titled_chapter("第三章 仪式", with({}, {"抱歉，我真地想回家……", "PS：周一求推荐票~"})),
      titled_chapter("第四章 占卜", with({}, {"求月票！求推荐票！", "PS：今天三更。"}))};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), with({}, {"抱歉，我真地想回家……"}));
  EXPECT_EQ(texts(book.chapters[1].paragraphs), kNoteStory);
  ASSERT_EQ(book.notes.size(), 2u);
  EXPECT_EQ(texts(book.notes[0].paragraphs), (std::vector<std::string>{"PS：周一求推荐票~"}));
  EXPECT_EQ(book.notes[1].paragraphs.size(), 2u);
}

// A last line set off by a dash rule that tells of the next update (an unseen 牧神记 crawl);
// a dash rule before the story's own last words stays.
TEST(AuthorNotes, AnUpdateAnnouncedAfterADashRuleIsANote) {
  Book book;
  book.chapters = {
      titled_chapter("第一百五十三章 我，霸体", with({}, {"————不要走开，十分钟后第二更！"})),
      titled_chapter("第一百五十五章 符宝解封", with({}, {"————第四章。两个小时候更新第五章！"})),
      titled_chapter("第一百五十六章 归来", with({}, {"————三天后，他们又回到了村子。"}))};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory);
  EXPECT_EQ(texts(book.chapters[1].paragraphs), kNoteStory);
  EXPECT_EQ(texts(book.chapters[2].paragraphs), with({}, {"————三天后，他们又回到了村子。"}));
}

Chapter with_break(const std::string& title, std::vector<std::string> after) {
  Chapter c = titled_chapter(title, with({}, {}));
  c.paragraphs.push_back(Paragraph{"*", 5, true});
  int n = 5;
  for (std::string& l : after) c.paragraphs.push_back(Paragraph{std::move(l), ++n, false});
  return c;
}

// A note opened by its label near the chapter's end takes the short lines after it (an unseen
// 诡舍: ps:今天三更… then three lines); dialogue after it, or a long line, is story.
TEST(AuthorNotes, ANoteOpenedByItsLabelTakesTheShortLinesAfterIt) {
  const std::vector<std::string> note = {
      "ps:今天三更，明天结束这个副本。", "放了好长的线，总算是把鱼钓上来了。",
      "虽然磕磕绊绊，中间也有许多瑕疵，但也总算是搞定了。", "明天见！"};
  Book book;
  book.chapters = {titled_chapter("第126章 真相", with({}, note)),
                   titled_chapter("第127章 离开", with({}, {"ps:今天三更。", "“走吧。”她说。"}))};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory);
  ASSERT_FALSE(book.notes.empty());
  EXPECT_EQ(texts(book.notes[0].paragraphs), note);
  EXPECT_EQ(texts(book.chapters[1].paragraphs).back(), "“走吧。”她说。");
}

// A label alone near a chapter's start, over the chapter's narrative (作者有话说： after its first
// paragraph, then paragraphs of story longer than any note): it heads no note, and the story
// stays where it is; it went to the notes page to the chapter's end. A label over a note at the
// end still heads it.
TEST(AuthorNotes, ALabelOverTheStoryHeadsNoNote) {
  std::string long_story;
  for (int i = 0; i < 14; ++i) long_story += "角得此书，晓夜攻习，能呼风唤雨，号为太平道人。";
  const std::vector<std::string> lines = {"建宁二年四月望日，帝御温德殿。", "作者有话说：",
                                          long_story, "青、幽、徐、冀八州之人，家家侍奉。"};
  Book book;
  book.chapters = {titled_chapter("第一回 宴桃园", lines),
                   titled_chapter("第二回 怒鞭督邮", with({}, {"作者有话说：", "明天见！"}))};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), lines);
  EXPECT_EQ(texts(book.chapters[1].paragraphs), kNoteStory);
  ASSERT_EQ(book.notes.size(), 1u);
  EXPECT_EQ(texts(book.notes[0].paragraphs),
            (std::vector<std::string>{"作者有话说：", "明天见！"}));
}

TEST(AuthorNotes, ANoteAfterTheLastSceneBreakTakesItsShortLines) {
  Book book;
  book.chapters = {
      with_break("81.回家", {"感谢亲 86296900 的红包！稍后还会加一更！",
                             "感冒太难受了，鼻子罢工两天了，哎！"}),
      // A last scene whose first line is no note, and dialogue after a note: story.
      with_break("82.离开", {"感冒太难受了，鼻子罢工两天了，哎！"}),
      with_break("83.再见", {"感谢亲 86296900 的红包！稍后还会加一更！", "“走吧。”她说。"})};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory);
  ASSERT_FALSE(book.notes.empty());
  EXPECT_EQ(book.notes[0].paragraphs.size(), 2u);
  EXPECT_EQ(book.chapters[1].paragraphs.size(), 6u);
  EXPECT_EQ(texts(book.chapters[2].paragraphs).back(), "“走吧。”她说。");
}

// A line of dashes alone before a note is the author's break as a scene break is (一念永恒's
// ——, then 这一章在这里结束最恰如其分，所以一会还有半章，也是终章。): the note goes to the notes
// page, the dashes with it but not onto the page. A line of story after dashes stays.
TEST(AuthorNotes, ARuleOfDashesBeforeANoteIsItsBreak) {
  Book book;
  book.chapters = {
      titled_chapter("第1313章",
                     with({}, {"——", "这一章在这里结束最恰如其分，所以一会还有半章，也是终章。"})),
      titled_chapter("第1314章", with({}, {"——", "他转身走进了雨里。"}))};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory);
  ASSERT_EQ(book.notes.size(), 1u);
  EXPECT_EQ(texts(book.notes[0].paragraphs),
            (std::vector<std::string>{"这一章在这里结束最恰如其分，所以一会还有半章，也是终章。"}));
  EXPECT_EQ(texts(book.chapters[1].paragraphs).back(), "他转身走进了雨里。");

  // A rule of dashes left ending a chapter, its note's lines gone as a site's (一念永恒: -,
  // then 求推荐！ 求收藏！！): it goes, not onto the notes page. An ellipsis there stays.
  Book left;
  left.chapters = {titled_chapter("第三章", with({}, {"-"})),
                   titled_chapter("第四章", with({}, {"……"}))};
  keep_author_notes_apart(left);
  EXPECT_EQ(texts(left.chapters[0].paragraphs), kNoteStory);
  EXPECT_EQ(texts(left.chapters[1].paragraphs).back(), "……");
  EXPECT_TRUE(left.notes.empty());
}

// A single short line after the last scene break needs only a note's strong word (新书幼苗, once
// the vote drive before it went as a site's line); a line of story after a break stays.
TEST(AuthorNotes, ASingleShortLineAfterTheLastBreakWithANotesWord) {
  Book book;
  book.chapters = {with_break("1.开始", {"新书幼苗，需要关爱，急需守护~~~"}),
                   with_break("2.离开", {"他终于守护了这片土地。"}),
                   with_break("3.再见", {"“新书到了。”她说。"})};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory);
  ASSERT_EQ(book.notes.size(), 1u);
  EXPECT_EQ(book.chapters[1].paragraphs.size(), 6u);
  EXPECT_EQ(book.chapters[2].paragraphs.size(), 6u);
}

// A chapter's last line that ends by asking for votes (in an unseen 三寸人间, after a scene
// break) is the author's, whatever his sentence says before it; a story's line that speaks of
// votes without asking, or asks in dialogue, stays.
TEST(AuthorNotes, ALastLineThatAsksForVotesIsANote) {
  Book book;
  book.chapters = {with_break("第三章", {"今天是我农历的生日，求推荐票！"}),
                   titled_chapter("第四章", with({}, {"今天是我农历的生日，求推荐票！"})),
                   titled_chapter("第五章", with({}, {"他把推荐票都投了出去。"})),
                   titled_chapter("第六章", with({}, {"“今天是我的生日，求推荐票！”他笑道。"}))};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory);
  EXPECT_EQ(texts(book.chapters[1].paragraphs), kNoteStory);
  EXPECT_EQ(texts(book.chapters[2].paragraphs).back(), "他把推荐票都投了出去。");
  EXPECT_EQ(texts(book.chapters[3].paragraphs).back(), "“今天是我的生日，求推荐票！”他笑道。");
  ASSERT_EQ(book.notes.size(), 2u);
}

// A note that opens a chapter, set off from the story by a scene break: the break goes with
// it (no break is left above the story), and so does a short line between them. Dialogue or a
// long line before the break keeps the break the story's.
TEST(AuthorNotes, ANoteThatOpensAChapterTakesTheBreakAfterIt) {
  const std::string note =
      "龙王今天正式起航，先送上一章，今天7点，12点，17点都还有更新，四更保底，求推荐票！";
  auto opening = [&](std::vector<std::string> lines) {
    Chapter c = titled_chapter("第八章", {});
    int n = 0;
    for (std::string& l : lines) {
      bool brk = l == "<break>";
      c.paragraphs.push_back(Paragraph{brk ? "" : std::move(l), ++n, brk});
    }
    for (const std::string& l : kNoteStory) c.paragraphs.push_back(Paragraph{l, ++n, false});
    return c;
  };
  Book book;
  book.chapters = {opening({note, "龙王起航，斗罗辉煌，唐门万岁！", "<break>"}),
                   opening({note, "<break>"}), opening({note, "“走吧。”他说。", "<break>"})};
  keep_author_notes_apart(book);
  EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory);
  EXPECT_EQ(texts(book.chapters[1].paragraphs), kNoteStory);
  ASSERT_EQ(book.chapters[2].paragraphs.size(), kNoteStory.size() + 2);
  EXPECT_EQ(book.chapters[2].paragraphs[0].text, "“走吧。”他说。");
  EXPECT_TRUE(book.chapters[2].paragraphs[1].scene_break);
}

TEST(AuthorNotes, DropAndKeep) {
  Book dropped;
  dropped.chapters = {titled_chapter("1.失业", with({}, {"大家元旦快乐！"}))};
  keep_author_notes_apart(dropped, "drop");
  EXPECT_EQ(texts(dropped.chapters[0].paragraphs), kNoteStory);
  EXPECT_TRUE(dropped.notes.empty());
  Book kept;
  kept.chapters = {titled_chapter("1.失业", with({}, {"大家元旦快乐！"}))};
  keep_author_notes_apart(kept, "keep");
  EXPECT_EQ(kept.chapters[0].paragraphs.size(), 5u);
}

TEST(AuthorNotes, EveryQuotationMarkKeepsALineAndLabelsOpenInEitherCase) {
  // The chapter's last line weighs as a note (谢谢 大家 支持) but holds dialogue: each mark the
  // note finder knows, alone, keeps it story.
  const std::vector<std::string> marks = {"“", "”", "「", "」", "『", "』", "\""};
  for (const std::string& mark : marks) {
    Book book;
    book.chapters = {titled_chapter("1.失业", with({}, {mark + "谢谢大家的支持！"}))};
    keep_author_notes_apart(book);
    EXPECT_EQ(book.chapters[0].paragraphs.size(), 5u) << mark;
  }
  // Near misses of those marks' bytes (‘’ E2 80 98/99, 〈〉 E3 80 88/89) are no dialogue.
  for (const std::string mark : {"‘", "〈"}) {
    Book book;
    book.chapters = {titled_chapter("1.失业", with({}, {mark + "谢谢大家的支持！"}))};
    keep_author_notes_apart(book);
    EXPECT_EQ(book.chapters[0].paragraphs.size(), 4u) << mark;
  }
  // A label in any case, bracketed or not, heads a note; PSP is no label.
  for (const std::string line :
       {"PS：明天加更。", "ps：明天加更。", "【Ps】明天加更。", "P.S. 明天见"}) {
    Book book;
    book.chapters = {titled_chapter("1.失业", with({}, {line}))};
    keep_author_notes_apart(book);
    EXPECT_EQ(texts(book.chapters[0].paragraphs), kNoteStory) << line;
  }
  Book game;
  game.chapters = {titled_chapter("1.失业", with({}, {"PSP放在桌上。"}))};
  keep_author_notes_apart(game);
  EXPECT_EQ(game.chapters[0].paragraphs.size(), 5u);
}

TEST(AuthorNotes, NoteWeightCountsEachWordOnce) {
  int words = -1;
  EXPECT_EQ(note_weight("窗外的雨下得更大了。", &words), 0);
  EXPECT_EQ(words, 0);
  EXPECT_EQ(note_weight("求月票，求推荐票！", &words), 4);  // 月票 2, 推荐票 2 (not 推荐 too)
  EXPECT_EQ(words, 2);
  EXPECT_EQ(note_weight("入V了，感谢大家", &words), 4);  // 入V 2, 大家 1, 感谢 1
  EXPECT_EQ(words, 3);
}

}  // namespace
}  // namespace novelbind

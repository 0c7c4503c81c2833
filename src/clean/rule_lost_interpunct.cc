#include "clean/rule_lost_interpunct.h"

#include <array>
#include <string_view>

#include "base/cjk_text.h"

namespace novelbind {
namespace {

bool is_dot(char32_t cp) {
  return cp == U'·' || cp == U'‧' || cp == U'・';
}
bool is_lost(char32_t cp) {
  return cp == U'?' || cp == 0xFFFD;
}

// Characters that begin or end a clause far more often than they stand in a transliterated
// name: 不, 也, 是, 了, 的, 就, 说, 道, …
bool is_function_character(char32_t cp) {
  return std::u32string_view(U"不也是了的就都又还還便却卻说說道曰而与與把被将將很太没沒已吗嗎呢吧")
             .find(cp) != std::u32string_view::npos;
}

// Sentence-final particles that make what precedes a '?' a question.
bool is_question_final_particle(char32_t cp) {
  return std::u32string_view(U"嗎吗呢麼么吧啊呀哇嘛").find(cp) != std::u32string_view::npos;
}

// The characters a foreign name is spelled in (Xinhua's transliteration table: 约翰·史密斯,
// 阿尔弗雷德·诺贝尔): in a book whose names' lost dots do not repeat, a lost dot is guessed only
// beside one of them (脑壳突破器?奇迹之门, an item's name). 九宫山?死之自成 is a lost character.
bool is_transliteration_syllable(char32_t cp) {
  static constexpr std::u32string_view kSyllables =
      U"阿埃艾爱安昂奥巴拜班邦贝本比彼毕宾波伯博布查达戴丹道德登迪蒂丁东杜顿多厄恩尔法菲费芬丰佛"
      U"弗福夫伽盖甘冈戈格古瓜圭哈海汉豪赫亨胡华霍基吉加贾杰金卡凯坎康柯科克肯库奎拉莱兰朗劳勒雷"
      U"里利莉丽林琳卢鲁路伦罗洛马玛迈麦曼梅蒙米密敏明莫墨姆穆纳娜奈南内尼妮努诺欧帕派潘佩彭皮普"
      U"齐奇乔琼丘萨塞桑瑟森沙莎尚什施史斯松苏索塔泰坦汤唐特提汀图托瓦万威维韦温沃乌西希夏谢辛休"
      U"亚扬伊因尤约詹珍朱兹佐蕾娅丝琪露薇黛茜翰逊斐歇歌"
      // (The same in Traditional forms where they differ.)
      U"愛貝畢賓東爾費豐蓋岡傑賈凱庫萊蘭勞裡麗盧魯倫羅瑪邁麥夢彌諾歐齊喬瓊薩賽蘇湯圖萬維韋溫烏謝"
      U"亞揚約遜頓絲婭華";
  return kSyllables.find(cp) != std::u32string_view::npos;
}

// Words that make a clause a question wherever they stand in it.
constexpr std::array<std::u32string_view, 24> kQuestionWords = {
    U"誰",   U"谁",   U"什",   U"甚",   U"哪",   U"怎",   U"幾",   U"几",
    U"多少", U"為何", U"为何", U"難道", U"难道", U"豈",   U"岂",   U"啥",
    U"有何", U"如何", U"何必", U"何不", U"何以", U"何故", U"何苦", U"奈何"};

bool ends_clause(char32_t cp) {
  return std::u32string_view(U"。！？，；：、!?,;:“”「」『』").find(cp) !=
         std::u32string_view::npos;
}

// Whether the clause before a position asks something: a question word, or "X不X"/"X沒X".
// The clause is read once as the position moves along the line (asking anew at each lost mark
// read the clause from its start each time: quadratic on a long clause of marks).
class ClauseQuestion {
 public:
  explicit ClauseQuestion(const std::u32string& s) : s_(s) {}

  // Called with every position of the line in order: `end` starts a new clause when the
  // character before it ends one.
  void move_to(std::size_t end) {
    if (end > 0 && ends_clause(s_[end - 1])) {
      begin_ = scanned_ = end;
      asks_ = false;
    }
  }

  // Whether the clause from its start to `end` (exclusive) asks something. The text before
  // `end` must not change afterwards.
  bool asks(std::size_t end) {
    for (; scanned_ < end && !asks_; ++scanned_) {
      std::size_t p = scanned_;  // the last character of the words looked for
      for (std::u32string_view w : kQuestionWords)
        asks_ |= p + 1 >= begin_ + w.size() &&
                 std::u32string_view(s_).substr(p + 1 - w.size(), w.size()) == w;
      bool negation =
          p >= begin_ + 2 && (s_[p - 1] == U'不' || s_[p - 1] == U'沒' || s_[p - 1] == U'没');
      asks_ |= negation && s_[p - 2] == s_[p];
    }
    return asks_;
  }

 private:
  const std::u32string& s_;
  std::size_t begin_ = 0, scanned_ = 0;
  bool asks_ = false;
};

std::u32string to_code_points(std::string_view s) {
  std::u32string out;
  out.reserve(s.size() / 2);
  for (std::size_t i = 0, n = 0; i < s.size(); i += n) out += utf8::decode(s, i, &n);
  return out;
}

bool needs_look(std::string_view s) {
  return s.find('?') != std::string_view::npos || s.find("\xEF\xBF\xBD") != std::string_view::npos;
}

}  // namespace

void InterpunctTally::add(const std::vector<Chapter>& chapters) {
  for (const Chapter& c : chapters) {
    for (const Paragraph& p : c.paragraphs) {
      bool has_dot = p.text.find("\xC2\xB7") != std::string::npos ||
                     p.text.find("\xE2\x80\xA7") != std::string::npos ||
                     p.text.find("\xE3\x83\xBB") != std::string::npos;
      if (!has_dot && !needs_look(p.text)) continue;
      std::u32string s = to_code_points(p.text);
      for (std::size_t i = 0; i < s.size(); ++i) {
        bool between =
            i > 0 && i + 1 < s.size() && is_ideograph(s[i - 1]) && is_ideograph(s[i + 1]);
        if (is_dot(s[i]) && between) {
          ++dotted[{s[i - 1], s[i + 1]}];
          ++dots[s[i]];
        } else if (s[i] == U'?') {
          char32_t before = i > 0 ? s[i - 1] : 0, after = i + 1 < s.size() ? s[i + 1] : 0;
          if (between) {
            ++asked[{before, after}];
            // (After a question's particle, 什么?这, 何苦呢?你: the book asks with '?'.)
            if (is_question_final_particle(before)) ++questions_elsewhere;
          } else if (is_ideograph(before) &&
                     std::u32string_view(U"”」』").find(after) != std::u32string_view::npos) {
            ++questions_elsewhere;  // a quotation that ends asking: 你今年大几啊?”
          } else if (ends_clause(before) || ends_clause(after)) {
            ++lost_elsewhere;  // "”?得", "刘?，"
          } else if (is_ideograph(before)) {
            ++questions_elsewhere;
          }
        }
      }
    }
  }
}

InterpunctDecision decide_interpunct(const InterpunctTally& tally) {
  InterpunctDecision out;
  for (const auto& [pair, n] : tally.dotted)
    if (n > 0) out.dotted.insert(pair);
  for (const auto& [pair, n] : tally.asked) {
    if (n > 0) out.asked[pair] = n;
    out.names_lost |= n >= 2 && !is_question_final_particle(pair.first) &&
                      !is_function_character(pair.first) && !is_function_character(pair.second);
  }
  // One question asked with '?' elsewhere (你管这叫十分虚弱?) shows the book's mark: a lost dot
  // never ends a clause. A lone mark between two characters is then no name guessed (抄?读书人的
  // 事，那能叫抄么？ was once 抄·读书人的事).
  out.question_mark_in_use = tally.questions_elsewhere >= 1;
  out.lost_characters = tally.lost_elsewhere >= 2;
  int best = 0;
  for (auto [dot, count] : tally.dots)
    if (count > best) best = count, out.dot = dot;
  return out;
}

bool LostInterpunctRule::rewrite(std::string_view text, const CleanContext& context,
                                 std::string* out) const {
  if (!needs_look(text)) return false;
  const InterpunctDecision& book = *context.book().interpunct;
  std::u32string s = to_code_points(text);
  bool changed = false;
  ClauseQuestion clause(s);
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    clause.move_to(i);
    if (!is_lost(s[i]) || !is_ideograph(s[i - 1]) || !is_ideograph(s[i + 1])) continue;
    bool name = s[i] == 0xFFFD;
    if (context.questions) context.questions->interpunct_lost = true;
    if (!name) {
      std::pair<char32_t, char32_t> pair{s[i - 1], s[i + 1]};
      if (context.questions) context.questions->interpunct_pairs.push_back(pair);
      bool guess = !book.question_mark_in_use && !book.lost_characters;
      bool question = is_question_final_particle(s[i - 1]) || clause.asks(i);
      // Do no harm: a function word beside the mark (劉?不信) is no part of a name; there the
      // '?' stands for some other lost character, and stays (the punctuation rule reports it).
      bool in_sentence = is_function_character(s[i - 1]) || is_function_character(s[i + 1]);
      // (Nor is a '?' the book repeats after a question's particle: 你知道吗?我…, four times in
      // one book, is a question asked four times, not a name.)
      name = book.dotted.count(pair) > 0 ||
             (!in_sentence &&
              (book.repeated(pair) || (guess && !question &&
                                       (book.names_lost || is_transliteration_syllable(s[i - 1]) ||
                                        is_transliteration_syllable(s[i + 1])))));
    }
    if (name) {
      s[i] = book.dot;
      changed = true;
    }
  }
  if (!changed) return false;
  for (char32_t cp : s) utf8::append(out, cp);
  return true;
}

}  // namespace novelbind

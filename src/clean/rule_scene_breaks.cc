#include "clean/rule_scene_breaks.h"

#include "base/cjk_text.h"

namespace novelbind {
namespace {

// Characters drawn as a line: a run of them is a rule only when long.
bool is_line_drawing(char32_t cp) {
  switch (cp) {
    case U'-':
    case U'—':
    case U'―':
    case U'─':
    case U'━':
    case U'═':
    case U'=':
    case U'＝':
    case U'_':
    case U'＿':
    case U'~':
    case U'～':
    case U'－':
    case U'–':
      return true;
    default:
      return false;
  }
}

// Ornaments: never part of a sentence, so even one is decoration.
bool is_ornament(char32_t cp) {
  switch (cp) {
    case U'*':
    case U'＊':
    case U'※':
    case U'#':
    case U'＃':
    case U'+':
    case U'＋':
    case U'◆':
    case U'◇':
    case U'■':
    case U'□':
    case U'●':
    case U'○':
    case U'◎':
    case U'★':
    case U'☆':
    case U'♦':
    case U'♢':
    case U'❖':
    case U'✦':
    case U'✧':
    case U'✿':
    case U'❀':
    case U'▲':
    case U'△':
    case U'▼':
    case U'▽':
    case U'♥':
    case U'♡':
    case U'•':
    case U'◈':
    case U'◉':
    case U'〓':
    case U'▓':
    case U'░':
    case U'▒':
    case U'§':
    case U'¤':
    case U'♣':
    case U'♠':
    case U'✪':
    case U'❤':
    case U'☯':
    case U'卍':
      return true;
    default:
      return false;
  }
}

// Dashes and tildes are punctuation Chinese writing uses for expression (破折号 ——, 波浪号
// ～): a line of them only is the author's and stays as written, unless drawn across the page. (A
// long run glued to the start or end of a story line is still split off: it is a lost line end.)
bool is_expressive(char32_t cp) {
  return cp == U'—' || cp == U'―' || cp == U'~' || cp == U'～';
}

struct Run {
  std::size_t lines = 0;       // line-drawing characters
  std::size_t ornaments = 0;   // ornament characters
  std::size_t expressive = 0;  // of the line-drawing ones, dashes and tildes (is_expressive)
  bool only_expressive() const { return ornaments == 0 && expressive == lines; }
  // (A rule drawn across the page in ASCII tildes, 74 of them in an unseen 鸳鸯刀, is no
  // expression: Chinese writes its 波浪号 ～, and the dashes of a line of 破折号 stay, however
  // many: xianni ends a chapter with eighteen.)
  bool is_decoration() const {
    return (!only_expressive() && (ornaments > 0 || lines >= 3)) || ascii_tildes >= kDrawnRule;
  }
  static constexpr std::size_t kDrawnRule = 16;
  std::size_t ascii_tildes = 0;
  // A long run glued to a line's start or end marks a lost line end, whatever it is made of.
  bool is_glued_decoration() const { return ornaments >= 3 || lines >= 6; }
};

bool count(char32_t cp, Run* run) {
  if (is_line_drawing(cp)) {
    if (is_expressive(cp)) ++run->expressive;
    if (cp == U'~') ++run->ascii_tildes;
    return ++run->lines, true;
  }
  if (is_ornament(cp)) return ++run->ornaments, true;
  return is_space(cp);
}

// Length in bytes of the decoration run at the start of `s`.
std::size_t leading_run(std::string_view s, Run* run) {
  std::size_t i = 0, n = 0;
  while (i < s.size() && count(utf8::decode(s, i, &n), run)) i += n;
  return i;
}

// Start of the decoration run at the end of `s`.
std::size_t trailing_run(std::string_view s, Run* run) {
  std::size_t e = s.size(), n = 0;
  while (e > 0) {
    std::size_t k = utf8::previous_start(s, e);
    if (!count(utf8::decode(s, k, &n), run)) break;
    e = k;
  }
  return e;
}

}  // namespace

bool is_decoration_line(std::string_view line) {
  Run run;
  if (!line.empty() && leading_run(line, &run) == line.size() && run.is_decoration()) return true;
  // A Latin full stop or two alone (`.`): a divider no Chinese sentence is made of (修真聊天群
  // sets one before each author's note). Not `。`: a file wrapped at a fixed width may have put
  // a sentence's last mark alone on a line (天龙八部's `　　。`). An ellipsis (...) may be a
  // silence, and stays.
  std::string_view t = trim_spaces(line);
  return t == "." || t == "..";
}

void SceneBreaksRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext&,
                            RepairLog& log) const {
  // A break stands only between story: none first, none last, never two in a row.
  std::size_t last_story = paragraphs.size();
  for (std::size_t i = paragraphs.size(); i-- > 0;) {
    if (!paragraphs[i].scene_break && !is_decoration_line(paragraphs[i].text)) {
      last_story = i;
      break;
    }
  }
  std::vector<Paragraph> out;
  out.reserve(paragraphs.size());
  for (std::size_t i = 0; i < paragraphs.size(); ++i) {
    Paragraph& p = paragraphs[i];
    bool story_follows = last_story < paragraphs.size() && i < last_story;
    bool break_fits = story_follows && !out.empty() && !out.back().scene_break;
    if (p.scene_break) {
      if (break_fits) out.push_back(std::move(p));
      continue;
    }
    if (is_decoration_line(p.text)) {
      log.record(p.line, p.text, break_fits ? std::string(kSceneBreakMark) : std::string());
      if (break_fits) out.push_back({"", p.line, true});
      continue;
    }
    Run head, tail;
    std::size_t head_end = leading_run(p.text, &head);
    std::size_t tail_start = trailing_run(p.text, &tail);
    // A label framed by runs on both sides (——————分割线——————, －－－－－－题外话－－－－－－) is
    // one mark: a divider's word (分割, 分隔, 分界) makes it a scene break; another stays as
    // written.
    if (head.is_glued_decoration() && tail.is_glued_decoration() && tail_start > head_end) {
      constexpr std::size_t kMaxLabel = 8;  // code points
      const std::string_view label =
          trim_spaces(std::string_view(p.text).substr(head_end, tail_start - head_end));
      bool words = utf8::length(label) <= kMaxLabel;
      for (std::size_t k = 0; words && k < label.size();)
        words = is_word_character(utf8::next(label, &k));
      if (words) {
        const bool divider = label.find("分割") != std::string_view::npos ||
                             label.find("分隔") != std::string_view::npos ||
                             label.find("分界") != std::string_view::npos;
        if (!divider) {
          out.push_back(std::move(p));
          continue;
        }
        log.record(p.line, p.text, break_fits ? std::string(kSceneBreakMark) : std::string());
        if (break_fits) out.push_back({"", p.line, true});
        continue;
      }
    }
    bool cut_head = head.is_glued_decoration() && head_end < p.text.size();
    bool cut_tail = tail.is_glued_decoration() && tail_start > head_end;
    if (cut_tail) {
      // Do no harm: a run glued to a word (卧槽~~~~, 叮——————) is the author's expression; only
      // one after a finished sentence is a scene break glued to the line.
      std::string_view story = trim_spaces(std::string_view(p.text).substr(0, tail_start));
      std::size_t last = utf8::previous_start(story, story.size()), n = 0;
      char32_t cp = story.empty() ? 0 : utf8::decode(story, last, &n);
      cut_tail = std::u32string_view(U"。！？」”』!?）)").find(cp) != std::u32string_view::npos;
    }
    if (!cut_head && !cut_tail) {
      out.push_back(std::move(p));
      continue;
    }
    bool break_before = cut_head && !out.empty() && !out.back().scene_break;
    bool break_after = cut_tail && i < last_story;
    std::size_t b = cut_head ? head_end : 0, e = cut_tail ? tail_start : p.text.size();
    std::string story(trim_spaces(std::string_view(p.text).substr(b, e - b)));
    std::string mark(kSceneBreakMark);
    log.record(p.line, p.text,
               (break_before ? mark + "\n" : "") + story + (break_after ? "\n" + mark : ""));
    if (break_before) out.push_back({"", p.line, true});
    out.push_back({std::move(story), p.line, false});
    if (break_after) out.push_back({"", p.line, true});
  }
  paragraphs = std::move(out);
}

}  // namespace novelbind

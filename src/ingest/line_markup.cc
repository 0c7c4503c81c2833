#include "ingest/line_markup.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "base/text_lines.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

// The markup token at the start of `s`, or 0 when none: its length in bytes.
std::size_t token_at(std::string_view s) {
  // (The heading, block and bold tags a page wraps a whole line in, <h2>第一回 …</h2>, so that
  // the heading is found under them.)
  static constexpr std::array<std::string_view, 34> kTokens = {
      "&nbsp;",   "&#160;",    "&#xa0;", "&ensp;",  "&emsp;", "&#12288;", "<p>",
      "</p>",     "<br>",      "<br/>",  "<h1>",    "</h1>",  "<h2>",     "</h2>",
      "<h3>",     "</h3>",     "<h4>",   "</h4>",   "<h5>",   "</h5>",    "<h6>",
      "</h6>",    "<div>",     "</div>", "<b>",     "</b>",   "<strong>", "</strong>",
      "<center>", "</center>", "<html>", "</html>", "<body>", "</body>"};
  auto lower_starts = [&](std::string_view token) {
    if (s.size() < token.size()) return false;
    for (std::size_t i = 0; i < token.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(s[i])) != token[i]) return false;
    return true;
  };
  for (std::string_view token : kTokens)
    if (lower_starts(token)) return token.size();
  if (lower_starts("<br ")) {  // <br /> and <br/ >
    std::size_t close = s.find('>');
    if (close != std::string_view::npos && close <= 8 &&
        s.substr(4, close - 4).find_first_not_of(" /") == std::string_view::npos)
      return close + 1;
  }
  return 0;
}

// Length of the run of spaces and markup at the start of `line`; *marked tells whether it
// holds markup.
std::size_t leading_run(std::string_view line, bool* marked) {
  std::size_t i = 0;
  while (i < line.size()) {
    if (std::size_t n = token_at(line.substr(i))) {
      i += n;
      *marked = true;
      continue;
    }
    std::size_t k = i;
    if (!utf8::is_space(utf8::next(line, &k))) break;
    i = k;
  }
  return i;
}

// Where the run of markup and spaces that ends `line` starts; *marked as above.
std::size_t trailing_run(std::string_view line, bool* marked) {
  std::size_t end = line.size();
  for (;;) {
    if (end == 0) break;
    if (line[end - 1] == '>' || line[end - 1] == ';') {
      // The token that ends here: try the starts a token may have.
      std::size_t found = std::string_view::npos;
      for (std::size_t back = 3; back <= 10 && back <= end; ++back)
        if (token_at(line.substr(end - back, back)) == back) {
          found = end - back;
          break;
        }
      if (found != std::string_view::npos) {
        end = found;
        *marked = true;
        continue;
      }
      break;
    }
    std::size_t k = end;
    if (!utf8::is_space(utf8::previous(line, &k))) break;
    end = k;
  }
  return end;
}

// Whether the token of length `n` at the start of `s` ends a line: <br…> or </p>.
bool is_break(std::string_view s, std::size_t n) {
  if (n < 4 || n > 8 || s[0] != '<') return false;
  if ((s[1] | 0x20) == 'b' && (s[2] | 0x20) == 'r') return true;
  return n == 4 && s[1] == '/' && (s[2] | 0x20) == 'p';
}

// `text` with each run of break tags inside a line (…采……<br /><br />青、幽…: story on both sides
// on the same line, the run's tags with nothing but spaces between them) made one line end: a
// page's paragraph break in a text that keeps its lines otherwise. The number made.
int break_inner_runs(std::string* text, int* first_line) {
  std::string_view t = *text;
  std::string out;
  int made = 0;
  std::size_t copied = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '<') continue;
    std::size_t n = token_at(t.substr(i));
    if (!is_break(t.substr(i), n)) continue;
    // Story before it on its line?
    std::size_t line_start = t.rfind('\n', i);
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    bool marked = false;
    if (trailing_run(t.substr(line_start, i - line_start), &marked) == 0) continue;
    // The run: break tags and spaces (and space references) between them.
    std::size_t end = i + n;
    for (;;) {
      std::size_t k = end;
      while (k < t.size() && (t[k] == ' ' || t[k] == '\r' || t[k] == '\t')) ++k;
      std::size_t m = k < t.size() ? token_at(t.substr(k)) : 0;
      if (m == 0) break;
      end = k + m;
    }
    std::size_t line_end = t.find('\n', end);
    if (line_end == std::string_view::npos) line_end = t.size();
    marked = false;
    if (leading_run(t.substr(end, line_end - end), &marked) == line_end - end) {
      i = end - 1;
      continue;  // the run ends the line: the line's edge, read as before
    }
    out.append(t.substr(copied, i - copied));
    out += '\n';
    if (made++ == 0) *first_line = 1 + static_cast<int>(std::count(t.begin(), t.begin() + i, '\n'));
    copied = end;
    i = end - 1;
  }
  if (made == 0) return 0;
  out.append(t.substr(copied));
  *text = std::move(out);
  return made;
}

// `text` with its break tags made line ends, when it runs its lines together with them (else
// only the runs inside lines, break_inner_runs); the number made (0 when the text is left
// alone).
int break_lines(std::string* text, LineMarkup* markup) {
  std::string_view t = *text;
  std::size_t inner = 0, ends = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '\n') {
      ++ends;
    } else if (t[i] == '<') {
      std::size_t n = token_at(t.substr(i));
      if (!is_break(t.substr(i), n)) continue;
      std::size_t after = i + n;
      while (after < t.size() && (t[after] == ' ' || t[after] == '\r')) ++after;
      inner += after < t.size() && t[after] != '\n';
    }
  }
  if (inner == 0) return 0;
  if (inner < 3 || inner <= ends) {
    markup->inner_only = true;
    return break_inner_runs(text, &markup->first_break_line);
  }
  std::string out;
  out.reserve(t.size() + inner);
  int made = 0;
  for (std::size_t i = 0; i < t.size();) {
    if (t[i] == '<') {
      std::size_t n = token_at(t.substr(i));
      if (is_break(t.substr(i), n)) {
        out += '\n';
        ++made;
        i += n;
        continue;
      }
    }
    out += t[i++];
  }
  *text = std::move(out);
  return made;
}

// Whether `s` opens with `word` in any case of its ASCII letters.
bool opens_with(std::string_view s, std::string_view word) {
  if (s.size() < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != word[i]) return false;
  return true;
}

// The end of the span a browser never shows that opens at `s` (a comment, <!-- … -->; a script,
// a style sheet; the page's head, whose <title> repeats the heading), after its closing mark;
// 0 when `s` opens none, or it is not closed within a page's reach.
std::size_t hidden_span(std::string_view s) {
  constexpr std::size_t kReach = 64 << 10;
  struct Element {
    std::string_view open, close;
  };
  static constexpr Element kElements[] = {
      {"<!--", "-->"}, {"<script", "</script>"}, {"<style", "</style>"}, {"<head", "</head>"}};
  for (const Element& e : kElements) {
    if (!opens_with(s, e.open)) continue;
    // (<script> or <script type=…>, not <scripture…> nor <header>.)
    if (e.open[1] != '!' && s.size() > e.open.size() && s[e.open.size()] != '>' &&
        s[e.open.size()] != ' ')
      continue;
    for (std::size_t at = e.open.size(); at < s.size() && at < kReach; ++at)
      if (s[at] == '<' || s[at] == '-')
        if (opens_with(s.substr(at), e.close)) return at + e.close.size();
    return 0;
  }
  return 0;
}

// Removes from `text` the spans a browser never shows (hidden_span), keeping their line ends so
// that lines keep their numbers; `markup` counts them and the line of the first.
void strip_hidden(std::string* text, LineMarkup* markup) {
  std::string_view t = *text;
  std::string out;
  std::size_t copied = 0;
  for (std::size_t i = t.find('<'); i != std::string_view::npos; i = t.find('<', i)) {
    const std::size_t length = hidden_span(t.substr(i));
    if (length == 0) {
      ++i;
      continue;
    }
    if (markup->hidden++ == 0)
      markup->first_hidden_line = 1 + static_cast<int>(std::count(t.begin(), t.begin() + i, '\n'));
    out.append(t.substr(copied, i - copied));
    out.append(static_cast<std::size_t>(std::count(t.begin() + i, t.begin() + i + length, '\n')),
               '\n');
    i += length;
    copied = i;
  }
  if (markup->hidden == 0) return;
  out.append(t.substr(copied));
  *text = std::move(out);
}

}  // namespace

LineMarkup strip_line_markup(std::string* text) {
  LineMarkup out;
  if (text->find('<') != std::string::npos) strip_hidden(text, &out);
  if (text->find('<') != std::string::npos) out.breaks = break_lines(text, &out);
  std::string_view t = *text;
  // (Every token begins with one of these. Two memchr scans: find_first_of tests each byte
  // against the set in turn, ten times slower on a whole book.)
  if (t.find('<') == std::string_view::npos && t.find('&') == std::string_view::npos) return out;
  *text = map_lines(t, [&](std::string_view line, int number, std::string* result) {
    bool marked = false;
    std::size_t lead = leading_run(line, &marked);
    bool lead_marked = marked;
    std::size_t tail = lead < line.size() ? trailing_run(line, &marked) : line.size();
    if (tail < lead) tail = lead;
    if (!marked) {
      result->append(line);
      return;
    }
    ++out.lines;
    if (out.first_line == 0) out.first_line = number;
    // The indentation stays as plain spaces when the markup was elsewhere.
    result->append(lead_marked ? std::string_view() : line.substr(0, lead));
    result->append(line.substr(lead, tail - lead));
  });
  return out;
}

}  // namespace novelbind

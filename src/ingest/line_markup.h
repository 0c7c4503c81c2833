// HTML layout markup at the edges of a text's lines: a crawl that saved a page's source as
// text leaves each line indented with character references (&nbsp;&nbsp;&nbsp;&nbsp;第一章…) and
// ended with a line-break tag (…风声在院子里回荡。<br />). Read before the heading structure,
// which would not know 第一章 behind &nbsp; (the html cleaning rule handles markup inside lines).
#pragma once

#include <string>

namespace novelbind {

struct LineMarkup {
  int lines = 0;       // lines that had markup at their edges
  int first_line = 0;  // 1-based line of the first; 0 when none
  int breaks = 0;      // break tags read as line ends (a page's lines run together)
  // Or only runs of break tags inside lines made line ends (…采……<br /><br />青、幽…), and the
  // line (as written) of the first.
  bool inner_only = false;
  int first_break_line = 0;
  // Spans a browser never shows (comments, scripts, style sheets, the page's head) removed, and
  // the line of the first.
  int hidden = 0;
  int first_hidden_line = 0;
};

// Removes from the start of each line of `text` ('\n' line ends) a run of spaces and space
// references (&nbsp; &#160; &#xa0; &ensp; &emsp; &#12288;) and paragraph or break tags
// (<p> <br> <br/> <br />, any case), and from its end a run of such tags, space references and
// spaces, when the run holds a reference or a tag; the spaces of a run without either stay.
// Lines keep their numbers, except in a text that runs its lines together with break tags
// (…回荡。<br /><br />&nbsp;&nbsp;第二章…, more tags inside lines than line ends, and 3 or
// more): there each <br> and </p> first becomes a line end (`breaks` counts them), and the
// lines are numbered as read so. In another text, a run of break tags inside a line, with text
// on both sides of it, is one line end (`inner_only`): a page's paragraph break.
// First, what a browser never shows goes, its line ends kept: comments (<!-- 广告位 -->, also
// over several lines), <script> and <style> elements, and the page's <head> (whose <title>
// repeats the heading). Whole lines wrapped in a heading's, block's or bold tags (<h2>…</h2>,
// <div>, <b>, <strong>) and the page's <html> and <body> tags are edge markup as <p> is.
LineMarkup strip_line_markup(std::string* text);

}  // namespace novelbind

// Rule "html": markup left in the text by a site or a converter that read HTML.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "clean/clean_rule.h"

namespace novelbind {

// Character references become their characters (&#8212; -> —, &#x2014; -> —, &nbsp;, &amp;,
// &lt;, &gt;, &quot;, &hellip;, &mdash;, &ldquo;, &rdquo;, &lsquo;, &rsquo;); a reference to
// a control character or an unknown name stays as written. Tags (<br>, <p>, </font>, <b>)
// go and their text stays, except a link to another site (<a href=http://…>起点中文网</a>),
// which is an ad and goes with its text. Only `<` + a Latin letter (or `/`) starts a tag, so
// "<系统提示>" and "a<b" in a story are left alone. A reference escaped again (&amp;amp;#8226;)
// is undone as often as it was escaped (up to three times), and a link to a site that appears
// so goes with its text; a full-width semicolon (&#8226；) ends a reference too.
// The site names `line` holds in the elements a site puts into its text to foil copying
// (刚才<bdi>９9ｌｉb?</bdi>还是, 现<s>藏书网</s>代中国: decoy_element_end in rule_html.cc), as
// written: the names a site of this book also puts into its words bare, its tags taken away
// (residue_line.h kInjectedMark).
std::vector<std::string> decoy_site_names(std::string_view line);

class HtmlRule : public LineRule {
 public:
  std::string_view name() const override { return "html"; }
  bool rewrite(std::string_view text, const CleanContext& context, std::string* out) const override;

 private:
  // With `links_only`, only links to other sites (and their text) go.
  static bool rewrite_once(std::string_view text, std::string* out, bool links_only = false);
};

}  // namespace novelbind

#include "convert.h"

namespace novelbind {

ScriptPlan plan_script(std::vector<Chapter>& chapters, const ConvertConfig& config,
                       std::vector<Diagnostic>* book_warnings) {
  (void)chapters;
  (void)book_warnings;
  ScriptPlan plan;
  if (config.script != "auto" && config.script != "keep") plan.target = config.script;
  plan.language = plan.target.empty() ? "zh" : plan.target;
  plan.quotes = (plan.target == "zh-Hans") ? "curly" : "corner";
  return plan;
}

Result<Converter> Converter::create(const ConvertConfig&, const ScriptPlan& plan, const Config&) {
  Converter c;
  c.plan_ = plan;
  return c;
}

void Converter::convert(Chapter&) const {}

std::string Converter::convert_text(const std::string& text) const {
  return text;
}

}  // namespace novelbind

// The scoreboard's baseline (baseline.h).
#include "baseline.h"

#include <map>
#include <set>
#include <sstream>

namespace realworld {

namespace {

// An EPUBCheck verdict as a rank, higher is better; -1 when it was not measured (`-`).
int verdict_rank(const std::string& v) {
  if (v == "ok") return 2;
  if (v.rfind("warn", 0) == 0) return 1;
  if (v.rfind("ERR", 0) == 0) return 0;
  return -1;
}

const char* kHeader =
    "case\tbuilt\tmeasured\tchapters_found\tchapters\tresidue\tchanged\tlost\tstory\textra\t"
    "echoes\tepubcheck";
constexpr size_t kFields = 12;

}  // namespace

std::string baseline_text(const std::vector<Row>& rows) {
  std::ostringstream out;
  out << "# realworld_bench baseline: the figures the code has reached (measure.py against the "
         "full truth); written by `realworld_bench --epubcheck --write-baseline FILE`\n"
      << kHeader << "\n";
  for (const Row& r : rows) {
    const Figures& f = r.figures;
    out << r.name << '\t' << r.built << '\t' << r.measured << '\t' << f.chapters_found << '\t'
        << f.chapters << '\t' << f.residue << '\t' << f.changed << '\t' << f.lost << '\t' << f.story
        << '\t' << f.extra << '\t' << f.echoes << '\t' << r.epubcheck << '\n';
  }
  return out.str();
}

int compare_baseline(const std::string& text, const std::string& source,
                     const std::vector<Row>& rows, bool all_cases, std::ostream& out) {
  std::map<std::string, std::vector<std::string>> base;
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (line.empty() || line[0] == '#' || line.rfind("case\t", 0) == 0) continue;
    std::vector<std::string> f;
    std::istringstream s(line);
    for (std::string cell; std::getline(s, cell, '\t');) f.push_back(cell);
    bool numeric = f.size() == kFields;
    for (size_t i = 1; numeric && i + 1 < kFields; ++i)
      numeric = !f[i].empty() && f[i].find_first_not_of("0123456789") == std::string::npos;
    if (!numeric) {
      out << "  " << source << ":" << line_no << ": expected " << kFields
          << " tab-separated fields (case, 10 numbers, the EPUBCheck verdict); rewrite it with "
             "--write-baseline\n";
      return 1;
    }
    base[f[0]] = f;
  }
  int worse = 0;
  auto report = [&](const std::string& name, const std::string& what, const std::string& was,
                    const std::string& now) {
    out << "  WORSE " << name << ": " << what << " " << was << " -> " << now << "\n";
    ++worse;
  };
  std::set<std::string> seen;
  for (const Row& r : rows) {
    seen.insert(r.name);
    auto it = base.find(r.name);
    if (it == base.end()) {
      out << "  new book " << r.name << " (not in the baseline)\n";
      continue;
    }
    const std::vector<std::string>& f = it->second;
    auto num = [&](size_t i) { return std::stoul(f[i]); };
    if (num(1) && !r.built) {
      report(r.name, "build", "passed", "failed");
      continue;
    }
    if (num(2) && !r.measured) {
      report(r.name, "measurement", "passed", "failed");
      continue;
    }
    if (!r.measured) continue;
    if (!num(2)) {
      out << "  " << r.name << " is measured now (it was not in the baseline)\n";
      continue;
    }
    const Figures& now = r.figures;
    if (now.chapters != num(4) || now.story != num(8))
      out << "  note " << r.name << ": the truth changed (chapters " << f[4] << " -> "
          << now.chapters << ", story " << f[8] << " -> " << now.story << ")\n";
    auto more = [&](const char* what, size_t i, size_t value) {
      if (value > num(i)) report(r.name, what, f[i], std::to_string(value));
    };
    if (now.chapters_found < num(3))
      report(r.name, "chapters in order", f[3], std::to_string(now.chapters_found));
    more("residue", 5, now.residue);
    more("story changed", 6, now.changed);
    more("story lost", 7, now.lost);
    more("extra", 9, now.extra);
    more("echoes", 10, now.echoes);
    int was = verdict_rank(f[11]), is = verdict_rank(r.epubcheck);
    if (was >= 0 && is >= 0 && is < was) report(r.name, "epubcheck", f[11], r.epubcheck);
  }
  for (const auto& [name, f] : base)
    if (all_cases && !seen.count(name)) report(name, "book", "in the baseline", "not scored");
  return worse;
}

}  // namespace realworld

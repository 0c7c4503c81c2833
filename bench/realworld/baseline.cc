// The scoreboard's baseline (baseline.h).
#include "baseline.h"

#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace realworld {

namespace fs = std::filesystem;

namespace {

// An EPUBCheck verdict as a rank, higher is better; -1 when it was not measured (`-`).
int verdict_rank(const std::string& v) {
  if (v == "ok") return 2;
  if (v.rfind("warn", 0) == 0) return 1;
  if (v.rfind("ERR", 0) == 0) return 0;
  return -1;  // not measured
}

const char* kBaselineHeader =
    "case\tbuilt\tchapters_found\tchapters_truth\tvolumes_found\tvolumes_truth\ttoc_entries\t"
    "empty\tresidue_left\tresidue_truth\tstory_changed\tquote_changed\tstory_truth\tmixed_changed\t"
    "mixed_truth\tepubcheck";

}  // namespace

void write_baseline(const fs::path& file, const std::vector<Row>& rows) {
  std::ofstream out(file);
  out << "# realworld_bench baseline: figures the code has reached; written by "
         "`realworld_bench --epubcheck --write-baseline FILE`\n"
      << kBaselineHeader << "\n";
  for (const Row& r : rows)
    out << r.name << '\t' << (r.built ? 1 : 0) << '\t' << r.chapters_found << '\t'
        << r.chapters_truth << '\t' << r.volumes_found << '\t' << r.volumes_truth << '\t'
        << r.toc_entries << '\t' << r.empty << '\t' << r.residue_left << '\t' << r.residue_truth
        << '\t' << r.story_changed << '\t' << r.quote_changed << '\t' << r.story_truth << '\t'
        << r.mixed_changed << '\t' << r.mixed_truth << '\t' << r.epubcheck << '\n';
}

// Returns the number of figures worse than the baseline, printing each.
int compare_baseline(const fs::path& file, const std::vector<Row>& rows, bool all_cases) {
  std::ifstream in(file);
  if (!in) {
    std::cerr << "realworld_bench: cannot read baseline " << file
              << "; write one with --write-baseline\n";
    return 1;
  }
  std::map<std::string, std::vector<std::string>> base;
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (line.empty() || line[0] == '#' || line.rfind("case\t", 0) == 0) continue;
    std::vector<std::string> f;
    std::istringstream s(line);
    for (std::string cell; std::getline(s, cell, '\t');) f.push_back(cell);
    if (f.size() != 16) {
      std::cerr << file.string() << ":" << line_no << ": expected 16 tab-separated fields, got "
                << f.size() << "\n";
      return 1;
    }
    base[f[0]] = f;
  }
  int worse = 0;
  auto report = [&](const std::string& name, const std::string& what, const std::string& was,
                    const std::string& now) {
    std::cout << "  WORSE " << name << ": " << what << " " << was << " -> " << now << "\n";
    ++worse;
  };
  std::set<std::string> seen;
  for (const Row& r : rows) {
    seen.insert(r.name);
    auto it = base.find(r.name);
    if (it == base.end()) {
      std::cout << "  new case " << r.name << " (not in the baseline)\n";
      continue;
    }
    const auto& f = it->second;
    auto num = [&](size_t i) { return std::stoul(f[i]); };
    if (num(1) == 1 && !r.built) {
      report(r.name, "build", "passed", "failed");
      continue;
    }
    if (!r.built) continue;
    if (num(1) == 0) {  // failed in the baseline: any figure of a build is an improvement
      std::cout << "  " << r.name << " builds now (it failed in the baseline)\n";
      continue;
    }
    if (r.chapters_found < num(2))
      report(r.name, "chapters in order", f[2], std::to_string(r.chapters_found));
    if (r.volumes_found < num(4))
      report(r.name, "volumes in order", f[4], std::to_string(r.volumes_found));
    if (r.empty > num(7)) report(r.name, "empty chapters", f[7], std::to_string(r.empty));
    if (r.residue_left > num(8))
      report(r.name, "residue left", f[8], std::to_string(r.residue_left));
    if (r.story_changed > num(10))
      report(r.name, "story changed", f[10], std::to_string(r.story_changed));
    else if (r.story_changed + r.quote_changed > num(10) + num(11))
      report(r.name, "story changed in quote style only", f[11], std::to_string(r.quote_changed));
    if (r.mixed_changed > num(13))
      report(r.name, "mixed story changed", f[13], std::to_string(r.mixed_changed));
    int was = verdict_rank(f[15]), now = verdict_rank(r.epubcheck);
    if (was >= 0 && now >= 0 && now < was) report(r.name, "epubcheck", f[15], r.epubcheck);
  }
  for (const auto& [name, f] : base)
    if (all_cases && !seen.count(name))
      report(name, "case", "in the baseline", "missing from tests/realworld");
  return worse;
}

}  // namespace realworld

// EPUBCheck, several books to a Java process (epubcheck_batch.h).
#include "epubcheck_batch.h"

#include <algorithm>
#include <cstdio>
#include <regex>

namespace realworld {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kJava = {"java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"};

}  // namespace

std::vector<Command> epubcheck_batches(const std::vector<EpubcheckBook>& books, int processes,
                                       const fs::path& many_java, const fs::path& log_dir) {
  size_t n = std::min(books.size(), static_cast<size_t>(std::max(1, processes)));
  std::vector<Command> commands(n);
  for (size_t k = 0; k < n; ++k) {
    commands[k].argv = kJava;
    for (const std::string& a :
         {std::string("-cp"), std::string(kEpubcheckJar), many_java.string()})
      commands[k].argv.push_back(a);
    commands[k].log = log_dir / ("epubcheck-batch-" + std::to_string(k + 1) + ".log");
  }
  for (size_t i = 0; i < books.size(); ++i) {
    commands[i % n].argv.push_back(books[i].epub.string());
    commands[i % n].argv.push_back(books[i].log.string());
  }
  return commands;
}

RunResult epubcheck_result(const fs::path& log) {
  RunResult r;
  r.output = read_text(log);
  auto at = r.output.rfind("epubcheck exit ");
  int code = -1;
  if (at != std::string::npos &&
      std::sscanf(r.output.c_str() + at, "epubcheck exit %d", &code) == 1)
    r.exit_code = code;
  return r;
}

std::string epubcheck_verdict(const RunResult& r) {
  if (r.output.rfind("cannot start java", 0) == 0) return "ERR:nojava";
  // "Messages: 0 fatals / 1 error / 2 warnings / 0 infos"
  static const std::regex summary(R"(Messages: (\d+) fatals? / (\d+) errors? / (\d+) warnings?)");
  std::smatch m;
  if (!std::regex_search(r.output, m, summary)) return "ERR:?";
  long fatals = std::stol(m[1]), errors = std::stol(m[2]), warnings = std::stol(m[3]);
  if (fatals + errors > 0) return "ERR:" + std::to_string(fatals + errors);
  if (r.exit_code != 0) return "ERR:exit " + std::to_string(r.exit_code);
  if (warnings > 0) return "warn:" + std::to_string(warnings);
  return "ok";
}

std::string epubcheck_identity() {
  std::error_code ec;
  auto time = fs::last_write_time(kEpubcheckJar, ec).time_since_epoch().count();
  std::string identity =
      "epubcheck " + std::to_string(fs::file_size(kEpubcheckJar, ec)) + " " + std::to_string(time);
  for (const std::string& a : kJava) identity += " " + a;
  return identity;
}

}  // namespace realworld

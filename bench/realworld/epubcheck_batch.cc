// EPUBCheck, several books to a Java process (epubcheck_batch.h).
#include "epubcheck_batch.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "package/epubcheck.h"

namespace realworld {

namespace fs = std::filesystem;

std::vector<Command> epubcheck_batches(const std::vector<EpubcheckBook>& books, int processes,
                                       const fs::path& many_java, const fs::path& log_dir) {
  size_t n = std::min(books.size(), static_cast<size_t>(std::max(1, processes)));
  std::vector<Command> commands(n);
  std::vector<std::string> java;
  std::istringstream words(novelbind::kEpubcheckJava);
  for (std::string word; words >> word;) java.push_back(word);
  for (const std::string& a :
       {std::string("-cp"), std::string(novelbind::kEpubcheckJar), many_java.string()})
    java.push_back(a);
  for (size_t k = 0; k < n; ++k) {
    commands[k].argv = java;
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
  std::optional<novelbind::EpubcheckCounts> counts = novelbind::epubcheck_counts(r.output);
  if (!counts) return "ERR:?";
  if (counts->fatals + counts->errors > 0)
    return "ERR:" + std::to_string(counts->fatals + counts->errors);
  if (r.exit_code != 0) return "ERR:exit " + std::to_string(r.exit_code);
  if (counts->warnings > 0) return "warn:" + std::to_string(counts->warnings);
  return "ok";
}

}  // namespace realworld

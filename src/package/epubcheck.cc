#include "package/epubcheck.h"

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <regex>
#include <sstream>

namespace novelbind {
namespace {

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool on_path(const std::string& program) {
  return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0;
}

}  // namespace

std::optional<EpubcheckCounts> epubcheck_counts(const std::string& output) {
  static const std::regex summary(R"(Messages: (\d+) fatals? / (\d+) errors? / (\d+) warnings?)");
  std::smatch m;
  if (!std::regex_search(output, m, summary)) return std::nullopt;
  return EpubcheckCounts{std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
}

std::string epubcheck_identity(const std::string& jar) {
  std::error_code ec;
  auto time = std::filesystem::last_write_time(jar, ec).time_since_epoch().count();
  return "epubcheck " + jar + " " + std::to_string(std::filesystem::file_size(jar, ec)) + " " +
         std::to_string(time) + " " + kEpubcheckJava;
}

std::string epubcheck_verdict(const std::string& output) {
  std::optional<EpubcheckCounts> counts = epubcheck_counts(output);
  if (!counts) return "EPUBCheck did not finish: " + output;
  int fatals = counts->fatals, errors = counts->errors, warnings = counts->warnings;
  if (fatals + errors + warnings == 0) return "";
  std::string first;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("FATAL", 0) == 0 || line.rfind("ERROR", 0) == 0 ||
        line.rfind("WARNING", 0) == 0) {
      first = line;
      break;
    }
  }
  return std::to_string(fatals + errors) + " error(s), " + std::to_string(warnings) +
         " warning(s)" + (first.empty() ? "" : ": " + first);
}

Status run_epubcheck(const std::filesystem::path& epub, const std::string& jar) {
  std::error_code ec;
  if (!on_path("java"))
    return Status::Error(
        "--epubcheck: java is not installed; apt-get install default-jre-headless");
  if (!std::filesystem::is_regular_file(jar, ec))
    return Status::Error("--epubcheck: " + jar + " is missing; apt-get install epubcheck");
  std::string command = std::string(kEpubcheckJava) + " -jar " + shell_quote(jar) + " " +
                        shell_quote(epub.string()) + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return Status::Error("--epubcheck: cannot run java");
  std::string output;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) output.append(buf.data(), n);
  pclose(pipe);
  std::string verdict = epubcheck_verdict(output);
  if (!verdict.empty()) return Status::Error(epub.string() + ": EPUBCheck: " + verdict);
  return Status::Ok();
}

}  // namespace novelbind

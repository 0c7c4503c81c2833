// Child processes of the scoreboard (process.h).
#include "process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

extern char** environ;

namespace realworld {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

// Starts the command; returns its pid, or -1 with the reason in result.output.
pid_t start(const Command& command, RunResult& result) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, command.log.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> args;
  for (const std::string& a : command.argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    result.output = "cannot start " + command.argv[0] + ": " + std::strerror(rc);
    return -1;
  }
  return pid;
}

void finish(const Command& command, int status, Clock::time_point started, RunResult& result) {
  result.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.output = read_text(command.log);
}

}  // namespace

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

RunResult run(const Command& command) {
  return run_all({command}, 1).front();
}

std::vector<RunResult> run_all(const std::vector<Command>& commands, int jobs) {
  std::vector<RunResult> results(commands.size());
  std::map<pid_t, std::pair<size_t, Clock::time_point>> running;
  size_t next = 0;
  while (next < commands.size() || !running.empty()) {
    while (next < commands.size() && static_cast<int>(running.size()) < std::max(1, jobs)) {
      auto started = Clock::now();
      pid_t pid = start(commands[next], results[next]);
      if (pid > 0) running[pid] = {next, started};
      ++next;
    }
    if (running.empty()) continue;
    int status = 0;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0 && errno == EINTR) continue;
    if (pid < 0) {  // no child left to wait for: cannot happen unless someone reaped ours
      for (auto& [lost, job] : running)
        results[job.first].output = "lost track of process " + std::to_string(lost);
      break;
    }
    auto it = running.find(pid);
    if (it == running.end()) continue;  // not one of ours
    finish(commands[it->second.first], status, it->second.second, results[it->second.first]);
    running.erase(it);
  }
  return results;
}

}  // namespace realworld

// `novelbind check BOOK.epub`: the structural check from the command line.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace novelbind {

struct CheckOptions {
  std::string epub;
};

CLI::App* add_check_command(CLI::App& app, CheckOptions* options);

// Prints each problem; returns 0 when the book passes, 1 otherwise.
int run_check_command(const CheckOptions& options);

}  // namespace novelbind

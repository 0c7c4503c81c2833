// The files a book.toml names (css, cover, files, phrases, templates, folder) must lie inside
// its project folder: a CI that builds other people's repositories must not find
// `css = "/etc/passwd"` or `files = ["../../../../etc/passwd"]` packed into the EPUB. The
// command line may allow it (--allow-outside-project).
#pragma once

#include "base/status.h"
#include "config/config.h"

namespace novelbind {

// Ok when every path key of `config` resolves (links and `..` followed) inside
// config.project_dir, or when the configuration did not come from a book.toml; else an error
// "book.toml:LINE: [style] css: '/etc/passwd' is outside the project folder DIR; ...".
Status check_paths_inside_project(const Config& config);

}  // namespace novelbind

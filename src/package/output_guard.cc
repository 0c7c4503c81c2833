#include "package/output_guard.h"

#include <sys/stat.h>

#include <cctype>
#include <set>
#include <system_error>

#include "base/content_hash.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

// `p` with links and `..` resolved as far as it exists (weakly_canonical); `p` itself when
// even that fails.
fs::path real_path(const fs::path& p) {
  std::error_code ec;
  fs::path r = fs::weakly_canonical(fs::absolute(p, ec), ec);
  return ec ? p : r;
}

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  if (fs::equivalent(a, b, ec)) return true;  // also two hard links of one file
  return real_path(a) == real_path(b);
}

}  // namespace

Status check_output_spares_inputs(const fs::path& out, const InputPlan& plan,
                                  const Config& config) {
  auto refuse = [&](const std::string& what) {
    return Status::Error(out.string() + ": the output would replace " + what +
                         "; choose another -o outside the input");
  };
  // An output that does not exist yet cannot be an input file (they all exist); one that does
  // is compared by identity (device and inode: also a link or a second name of an input).
  // The output is looked at once, each input once (a rebuild over a book of 3000 files): by its
  // stamp when stamp_inputs took it.
  struct stat target;
  if (::stat(out.c_str(), &target) == 0) {
    for (const InputFile& file : plan.files) {
      std::optional<FileStamp> input = file.stamp;  // an EPUB's section names the EPUB itself
      if (!input) input = stamp_file(file.path);
      if (input && input->device == static_cast<std::uint64_t>(target.st_dev) &&
          input->inode == static_cast<std::uint64_t>(target.st_ino))
        return refuse("the input file " + (file.made ? file.path.string() : file.display));
    }
  }
  if (!config.toml_path.empty() && same_file(out, config.toml_path))
    return refuse(config.toml_path.string());
  for (const std::string* named : {&config.book.cover, &config.style.css, &config.convert.phrases})
    if (!named->empty() && same_file(out, config.resolve(*named)))
      return refuse(config.resolve(*named).string());
  std::string ext = out.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext != ".txt") return Status::Ok();
  std::set<fs::path> folders;
  for (const InputFile& file : plan.files) folders.insert(real_path(file.path).parent_path());
  if (folders.count(real_path(out).parent_path()))
    return Status::Error(out.string() +
                         ": a .txt file in the input folder would be read as a chapter by the "
                         "next build; choose another -o outside the input");
  return Status::Ok();
}

}  // namespace novelbind

// The picture a downloaded book's folder holds as its cover: a crawler saves it beside the
// chapters as cover.jpg (封面.png, folder.jpg, or the book's name), and a reader expects the
// built book to wear it rather than a drawn one.
#pragma once

#include <filesystem>
#include <string_view>

namespace novelbind {

// The cover picture in `folder` (its top level only): a JPEG or PNG named as a cover (cover,
// 封面, folder, front, or `title`), else the folder's only picture; empty when there is none, or
// several pictures of which none is named so (illustrations, not a cover). Hidden files are
// never one. The picture's bytes are checked when it is used (image_check.h), not here.
std::filesystem::path folder_cover(const std::filesystem::path& folder, std::string_view title);

}  // namespace novelbind

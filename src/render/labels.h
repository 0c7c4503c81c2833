// Words novelbind itself writes into a book (landmark labels, page titles), from
// data/labels.tsv, in the script of the book's language.
#pragma once

#include <string>

namespace novelbind {

struct Labels {
  std::string cover;      // 封面
  std::string titlepage;  // 書名頁 / 书名页
  std::string intro;      // 簡介 / 简介
  std::string contents;   // 目錄 / 目录
  std::string landmarks;  // 導覽 / 导览
  std::string notes;  // 作者的話 / 作者的话: the author's notes kept apart (author_notes.h)
};

// Simplified labels for zh-Hans, zh-CN and zh-SG (and their subtags); Traditional for other
// Chinese languages (zh, zh-Hant, yue...); English for any other language.
Labels labels_for(const std::string& language);

}  // namespace novelbind

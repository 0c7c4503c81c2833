// The "check" stage: novelbind's own structural check of an EPUB file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/zip_reader.h"

namespace novelbind {

// Checks the container (mimetype first, stored, at bytes 30/38), that the package document
// and every XHTML, NCX and XML entry is well-formed, that manifest and archive list the same
// files, that the nav's table of contents follows the spine order, and that the package
// identifier equals the NCX dtb:uid. Returns one message per problem ("EPUB/text/ch0003.xhtml:
// not well-formed: ..."); empty when the book passes.
//
// The archive is not trusted: entries are read one at a time and only the XML ones, within
// ZipLimits (base/zip_reader.h): an entry too large, too compressed or past the total is
// refused with a problem naming it and never allocated. Memory stays near one entry's size.
using CheckLimits = ZipLimits;

// The entries of a book that passed this check: each name with its CRC-32 and size, as its
// archive's central directory declares them.
using CheckedEntries = std::map<std::string, std::pair<std::uint32_t, std::uint64_t>, std::less<>>;
// The entries of `epub` (a book that passed the check earlier); empty when it cannot be read.
CheckedEntries checked_entries(const std::filesystem::path& epub);

// Whether `data` passes the check's test of one XML document: well-formed, with no character
// XML forbids. (What check_epub reads of each XHTML entry.)
bool check_document(std::string_view data);
// The same for a document Templates::render made: it parsed the document as the check does
// (parse_xml_document) and refuses one that is not well-formed, so only the characters are
// looked at here.
bool check_rendered_document(std::string_view data);

// Documents that passed check_document in memory before they were written, known by their
// CRC-32 and size: a build checks each chapter as it renders it, on the worker threads, and
// the check of the written book does not inflate them again. Thread-safe.
class CheckedDocuments {
 public:
  void add(std::uint32_t crc, std::uint64_t size);
  bool has(std::uint32_t crc, std::uint64_t size) const;

 private:
  mutable std::mutex mutex_;
  std::set<std::pair<std::uint32_t, std::uint64_t>> documents_;
};

// `checked`, when given: an entry of the same name, CRC-32 and size as one of these has the
// same bytes as a document that passed the check before, and is not read again (a rebuild
// reads only the documents that changed); `documents`, when given, the same for an entry of
// a CRC-32 and size found there. The container, package document, nav and NCX are always
// read.
std::vector<std::string> check_epub(const std::filesystem::path& epub,
                                    const CheckLimits& limits = {},
                                    const CheckedEntries* checked = nullptr,
                                    const CheckedDocuments* documents = nullptr);
// The same on the archive's bytes in memory (for the fuzz target and tests).
std::vector<std::string> check_epub_bytes(std::string_view bytes, const CheckLimits& limits = {});

}  // namespace novelbind

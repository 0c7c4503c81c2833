// libzip, loaded when first used (or beforehand, on a thread of its own: load_zip_library_early),
// not when novelbind starts. libzip needs OpenSSL's libcrypto, whose 21,000 relocations made it
// the heaviest of the libraries loaded at every start: about 2.4 ms of `novelbind --version` on
// a 2-core machine, before any work could begin. The code calls libzip through zip_api().
#pragma once

#include <zip.h>

#include "base/status.h"

namespace novelbind {

#define NOVELBIND_ZIP_FUNCTIONS(X)    \
  X(zip_close)                        \
  X(zip_discard)                      \
  X(zip_error_fini)                   \
  X(zip_error_init)                   \
  X(zip_error_set)                    \
  X(zip_error_strerror)               \
  X(zip_error_to_data)                \
  X(zip_fclose)                       \
  X(zip_file_add)                     \
  X(zip_file_set_dostime)             \
  X(zip_file_set_external_attributes) \
  X(zip_file_strerror)                \
  X(zip_fopen_index)                  \
  X(zip_fread)                        \
  X(zip_get_error)                    \
  X(zip_get_num_entries)              \
  X(zip_name_locate)                  \
  X(zip_open)                         \
  X(zip_open_from_source)             \
  X(zip_set_file_compression)         \
  X(zip_source_buffer)                \
  X(zip_source_buffer_create)         \
  X(zip_source_close)                 \
  X(zip_source_free)                  \
  X(zip_source_function)              \
  X(zip_source_function_create)       \
  X(zip_source_keep)                  \
  X(zip_source_make_command_bitmap)   \
  X(zip_source_open)                  \
  X(zip_source_read)                  \
  X(zip_source_stat)                  \
  X(zip_stat_index)                   \
  X(zip_stat_init)                    \
  X(zip_strerror)

// The functions novelbind uses, each libzip's own.
struct ZipLibrary {
#define NOVELBIND_ZIP_POINTER(name) decltype(&::name) name = nullptr;
  NOVELBIND_ZIP_FUNCTIONS(NOVELBIND_ZIP_POINTER)
#undef NOVELBIND_ZIP_POINTER
};

// Loads libzip once, on first use, from any thread; the error names what to install.
const Result<ZipLibrary>& load_zip_library();

// libzip: loads it when not yet loaded, and ends the program with the error when it cannot
// (every build writes an archive; a caller that can report it asks load_zip_library() first).
const ZipLibrary& zip_api();

}  // namespace novelbind

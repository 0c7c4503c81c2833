#include "base/zip_library.h"

#include <gtest/gtest.h>

#include <link.h>

#include <string>

#include "base/test_util.h"

namespace novelbind {
namespace {

// Whether a library whose file name holds `name` is loaded in this process.
bool library_loaded(const char* name) {
  std::pair<const char*, bool> wanted{name, false};
  dl_iterate_phdr(
      [](dl_phdr_info* object, size_t, void* data) {
        auto* w = static_cast<std::pair<const char*, bool>*>(data);
        if (object->dlpi_name && std::string(object->dlpi_name).find(w->first) != std::string::npos)
          w->second = true;
        return 0;
      },
      &wanted);
  return wanted.second;
}

// The novelbind binary starts without libzip and OpenSSL's libcrypto: the loader lists what it
// loads at start (LD_DEBUG=files), and neither is among them.
TEST(ZipLibrary, NotLoadedAtStart) {
  test::CommandResult r =
      test::run("LD_DEBUG=files " + test::quoted(NOVELBIND_BINARY) + " --version");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("libstdc++"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("libzip"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("libcrypto"), std::string::npos) << r.output;
}

// libzip (and OpenSSL's libcrypto with it) is loaded when asked for, not at every start; once
// loaded, its functions make and read an archive.
TEST(ZipLibrary, LoadedWhenAskedFor) {
  ASSERT_TRUE(load_zip_library().ok()) << load_zip_library().message();
  EXPECT_TRUE(library_loaded("libzip.so"));
  zip_error_t error;
  zip_api().zip_error_init(&error);
  zip_source_t* buffer = zip_api().zip_source_buffer_create(nullptr, 0, 0, &error);
  ASSERT_NE(buffer, nullptr);
  zip_api().zip_source_keep(buffer);
  zip_t* archive = zip_api().zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  ASSERT_NE(archive, nullptr);
  const std::string text = "第一章　风起";
  zip_source_t* entry = zip_api().zip_source_buffer(archive, text.data(), text.size(), 0);
  EXPECT_GE(zip_api().zip_file_add(archive, "chapter.txt", entry, ZIP_FL_ENC_UTF_8), 0);
  EXPECT_EQ(zip_api().zip_close(archive), 0);
  zip_stat_t st;
  ASSERT_EQ(zip_api().zip_source_stat(buffer, &st), 0);
  EXPECT_GT(st.size, text.size());
  zip_api().zip_source_free(buffer);
  zip_api().zip_error_fini(&error);
}

}  // namespace
}  // namespace novelbind

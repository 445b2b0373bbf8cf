//===- OutputFile.cpp - all-or-nothing output files -----------------------===//

#include "tileiras/Driver/OutputFile.h"
#include "tileiras/Driver/SignalCleanup.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace tileiras::driver;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

OutputSet::~OutputSet() {
  if (committed)
    return;
  for (const Staged &entry : staged)
    if (!entry.temporary.empty()) {
      llvm::sys::fs::remove(entry.temporary);
      keepOnSignal(entry.temporary);
    }
}

/// Creates a new file named after `model` (each `%` a random hex digit),
/// registered for removal on signals before it exists, so that a signal
/// between the two cannot leave it behind.
static std::error_code createTemporary(const llvm::Twine &model, int &fd,
                                       llvm::SmallVectorImpl<char> &path) {
  for (unsigned attempt = 0;; ++attempt) {
    llvm::sys::fs::createUniquePath(model, path, /*MakeAbsolute=*/false);
    llvm::StringRef name(path.data(), path.size());
    removeFileOnSignal(name);
    std::error_code ec = llvm::sys::fs::openFileForWrite(
        name, fd, llvm::sys::fs::CD_CreateNew, llvm::sys::fs::OF_None);
    if (!ec)
      return ec;
    keepOnSignal(name); // not ours
    if (ec != std::errc::file_exists || attempt == 128)
      return ec;
  }
}

llvm::Error OutputSet::add(llvm::StringRef path, llvm::StringRef contents) {
  if (path == "-") {
    staged.push_back({"-", "", contents.str()});
    return llvm::Error::success();
  }
  // Follow a symbolic link, so that the rename replaces its target.
  llvm::SmallString<256> destination(path);
  if (llvm::sys::fs::is_symlink_file(path)) {
    llvm::SmallString<256> resolved;
    if (!llvm::sys::fs::real_path(path, resolved))
      destination = resolved;
  }
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(destination, status)) {
    if (llvm::sys::fs::is_directory(status))
      return makeError("cannot write '" + path + "': it is a directory");
    if (!llvm::sys::fs::is_regular_file(status)) {
      staged.push_back({std::string(destination), "", contents.str()});
      return llvm::Error::success();
    }
  }

  llvm::SmallString<256> directory(destination);
  llvm::sys::path::remove_filename(directory);
  if (directory.empty())
    directory = ".";
  if (!llvm::sys::fs::is_directory(directory))
    return makeError("cannot write '" + path + "': " +
                     (llvm::sys::fs::exists(directory)
                          ? "'" + directory + "' is not a directory"
                          : "directory '" + directory + "' does not exist"));

  llvm::SmallString<256> model(directory);
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(destination) +
                                     ".tmp-%%%%%%%%");
  int fd = -1;
  llvm::SmallString<256> temporary;
  if (std::error_code ec = createTemporary(model, fd, temporary))
    return makeError("cannot write '" + path + "': " + ec.message());
  staged.push_back({std::string(destination), std::string(temporary), ""});
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << contents;
  os.close();
  if (os.has_error()) {
    std::string message = os.error().message();
    os.clear_error();
    return makeError("cannot write '" + path + "': " + message);
  }
  return llvm::Error::success();
}

llvm::Error OutputSet::commit() {
  for (Staged &entry : staged) {
    if (!entry.temporary.empty()) {
      if (std::error_code ec =
              llvm::sys::fs::rename(entry.temporary, entry.destination))
        return makeError("cannot write '" + entry.destination +
                         "': " + ec.message());
      // Until every output is in place, a signal removes the new ones too.
      keepOnSignal(entry.temporary);
      removeFileOnSignal(entry.destination);
      entry.temporary.clear();
      continue;
    }
    if (entry.destination == "-") {
      llvm::outs() << entry.contents;
      llvm::outs().flush();
      continue;
    }
    std::error_code ec;
    llvm::raw_fd_ostream os(entry.destination, ec, llvm::sys::fs::OF_None);
    if (!ec) {
      os << entry.contents;
      os.close();
      if (os.has_error()) {
        ec = os.error();
        os.clear_error();
      }
    }
    if (ec)
      return makeError("cannot write '" + entry.destination +
                       "': " + ec.message());
  }
  for (const Staged &entry : staged)
    keepOnSignal(entry.destination);
  committed = true;
  return llvm::Error::success();
}

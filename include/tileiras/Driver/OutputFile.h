//===- OutputFile.h - all-or-nothing output files ---------------*- C++ -*-===//
//
// Outputs are written to a temporary file in the destination directory and
// renamed over the destination only when every output of the compile has
// been written; on any failure the destinations are untouched and no
// temporary remains. A symbolic link is followed (its target is replaced,
// the link stays) and a destination that exists but is not a regular file
// (/dev/null, a FIFO, a terminal) is opened and written in place at commit:
// renaming over it would replace the device or pipe with a file.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_OUTPUTFILE_H
#define TILEIRAS_DRIVER_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tileiras::driver {

class OutputSet {
public:
  OutputSet() = default;
  OutputSet(const OutputSet &) = delete;
  OutputSet &operator=(const OutputSet &) = delete;
  /// Removes any temporary that was not committed.
  ~OutputSet();

  /// Stages `contents` for `path` ("-" is standard output, written on
  /// commit). Fails when the destination is a directory or the temporary
  /// cannot be created or written.
  llvm::Error add(llvm::StringRef path, llvm::StringRef contents);

  /// Renames every staged temporary over its destination and writes the
  /// outputs kept in memory (standard output, special files).
  llvm::Error commit();

private:
  struct Staged {
    std::string destination;
    std::string temporary; // empty when written in place
    std::string contents;  // for outputs written in place only
  };
  std::vector<Staged> staged;
  bool committed = false;
};

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_OUTPUTFILE_H

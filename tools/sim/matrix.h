// ldmatrix / stmatrix (.m8n8 .b16) for the CPU simulator: which form an
// intrinsic name denotes, and which elements of the warp's 8x8 matrices a
// lane's registers hold, from the PTX ISA's ldmatrix table.
#ifndef TILEIRAS_SIM_MATRIX_H
#define TILEIRAS_SIM_MATRIX_H

#include <cstdint>
#include <optional>
#include <string>

namespace sim::matrix {

struct Form {
  unsigned count = 1; // matrices (.x1, .x2, .x4): registers per lane
  bool trans = false;
  bool store = false; // stmatrix
};

/// Decodes "ldmatrix.sync.aligned.m8n8.x4.trans.b16" and the stmatrix forms
/// (the LLVM intrinsic name without "llvm.nvvm.", with or without the
/// pointer suffix ".p3"/".p0"); nullopt for forms the simulator does not
/// know (.m16n16, .m8n16, .b8).
std::optional<Form> decode(const std::string &name);

/// Position of an element within its 8x8 matrix: the row is the one whose
/// address a lane supplied, the column counts 16-bit elements in that row.
struct Element {
  unsigned row, column;
};

/// The element that half `half` (0: low 16 bits) of each register of lane
/// `lane` holds.
Element elementOf(bool trans, unsigned lane, unsigned half);

/// The addresses the warp supplied: rows[8 j + r] is row r of matrix j
/// (lanes 8 count .. 31 supply none).
struct Rows {
  unsigned char *row[32];
};

/// ldmatrix: lane `lane`'s registers (form.count of them).
void load(const Form &form, const Rows &rows, unsigned lane, uint32_t regs[4]);

/// stmatrix: writes lane `lane`'s registers into the rows.
void store(const Form &form, const Rows &rows, unsigned lane,
           const uint32_t regs[4]);

} // namespace sim::matrix

#endif // TILEIRAS_SIM_MATRIX_H

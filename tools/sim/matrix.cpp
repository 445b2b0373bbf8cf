// ldmatrix / stmatrix emulation (see matrix.h). The PTX ISA's table, with
// L the lane: without .trans, register j of lane L holds elements
// (row L / 4, columns 2 (L % 4) and 2 (L % 4) + 1) of matrix j, the lower
// column in the low half; with .trans it holds (rows 2 (L % 4) and
// 2 (L % 4) + 1, column L / 4). Row r of matrix j starts at the address
// lane 8 j + r supplied; stmatrix is the exact inverse.
#include "matrix.h"

#include <cstring>
#include <sstream>
#include <vector>

using namespace sim::matrix;

std::optional<Form> sim::matrix::decode(const std::string &name) {
  std::vector<std::string> parts;
  std::stringstream in(name);
  for (std::string part; std::getline(in, part, '.');)
    parts.push_back(part);
  // A trailing pointer suffix (".p3", ".p0") of the overloaded intrinsic.
  if (!parts.empty() && parts.back().size() >= 2 && parts.back()[0] == 'p' &&
      parts.back().find_first_not_of("0123456789", 1) == std::string::npos)
    parts.pop_back();
  bool trans = parts.size() == 7 && parts[5] == "trans";
  if ((parts.size() != 6 && !trans) || parts[1] != "sync" ||
      parts[2] != "aligned" || parts[3] != "m8n8" || parts.back() != "b16")
    return std::nullopt;
  Form form;
  if (parts[0] == "stmatrix")
    form.store = true;
  else if (parts[0] != "ldmatrix")
    return std::nullopt;
  if (parts[4] == "x1")
    form.count = 1;
  else if (parts[4] == "x2")
    form.count = 2;
  else if (parts[4] == "x4")
    form.count = 4;
  else
    return std::nullopt;
  form.trans = trans;
  return form;
}

Element sim::matrix::elementOf(bool trans, unsigned lane, unsigned half) {
  if (trans)
    return {2 * (lane % 4) + half, lane / 4};
  return {lane / 4, 2 * (lane % 4) + half};
}

namespace {
unsigned char *at(const Rows &rows, unsigned matrix, Element e) {
  return rows.row[8 * matrix + e.row] + 2 * e.column;
}
} // namespace

void sim::matrix::load(const Form &form, const Rows &rows, unsigned lane,
                       uint32_t regs[4]) {
  for (unsigned j = 0; j < form.count; ++j) {
    uint16_t halves[2];
    for (unsigned h = 0; h < 2; ++h)
      std::memcpy(&halves[h], at(rows, j, elementOf(form.trans, lane, h)), 2);
    regs[j] = uint32_t(halves[0]) | uint32_t(halves[1]) << 16;
  }
}

void sim::matrix::store(const Form &form, const Rows &rows, unsigned lane,
                        const uint32_t regs[4]) {
  for (unsigned j = 0; j < form.count; ++j)
    for (unsigned h = 0; h < 2; ++h) {
      uint16_t half = uint16_t(regs[j] >> (16 * h));
      std::memcpy(at(rows, j, elementOf(form.trans, lane, h)), &half, 2);
    }
}

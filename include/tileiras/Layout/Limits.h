//===- Limits.h - how much of a tile one thread may hold --------*- C++ -*-===//
//
// Shared by layout assignment (which splits work to stay under it) and the
// lowering (which rejects tiles over it).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_LAYOUT_LIMITS_H
#define TILEIRAS_LAYOUT_LIMITS_H

namespace tileiras::layout {

/// Tiles have at most this many elements per thread; larger ones cannot be
/// distributed without spilling and are rejected with a diagnostic.
inline constexpr unsigned kMaxElementsPerThread = 256;

} // namespace tileiras::layout

#endif // TILEIRAS_LAYOUT_LIMITS_H

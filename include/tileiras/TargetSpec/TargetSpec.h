//===- TargetSpec.h - the target-spec library -------------------*- C++ -*-===//
//
// Umbrella header. Every question about GPU targets -- which SMs exist,
// which variants, which PTX ISA, tensor memory, resources, which instruction
// families a chip may use -- is answered here, for the driver, the passes,
// the legality check and the C API alike.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_TARGETSPEC_TARGETSPEC_H
#define TILEIRAS_TARGETSPEC_TARGETSPEC_H

#include "tileiras/TargetSpec/ArchTable.h"
#include "tileiras/TargetSpec/CpuTable.h"
#include "tileiras/TargetSpec/FeatureTable.h"
#include "tileiras/TargetSpec/InstructionFamily.h"
#include "tileiras/TargetSpec/PtxVersion.h"
#include "tileiras/TargetSpec/Subtarget.h"
#include "tileiras/TargetSpec/Target.h"

#endif // TILEIRAS_TARGETSPEC_TARGETSPEC_H

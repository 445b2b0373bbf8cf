//===- Metadata.cpp - kernel metadata for launchers -----------------------===//

#include "tileiras/Driver/Metadata.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Regex.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::driver;

/// Written by the lowering (passes/TileToLLVM/SharedScratch.cpp): the
/// kernel's scratch shared memory, its device functions' included...
static constexpr llvm::StringLiteral kSharedMemoryAttr =
    "nv_tileaa.shared_memory_bytes";
/// ...and, through `passthrough` (an LLVM function attribute), the part of
/// it that is dynamic shared memory, when the kernel's own buffer is.
static constexpr llvm::StringLiteral kDynamicSharedMemoryAttr =
    "tileiras-dynamic-shared-memory-bytes";

int64_t driver::dynamicSharedMemoryBytes(LLVM::LLVMFuncOp kernel) {
  ArrayAttr passthrough = kernel.getPassthroughAttr();
  if (!passthrough)
    return 0;
  for (Attribute entry : passthrough) {
    auto pair = dyn_cast<ArrayAttr>(entry);
    if (!pair || pair.size() != 2)
      continue;
    auto key = dyn_cast<StringAttr>(pair[0]);
    auto value = dyn_cast<StringAttr>(pair[1]);
    int64_t bytes = 0;
    if (key && value && key.getValue() == kDynamicSharedMemoryAttr &&
        llvm::to_integer(value.getValue(), bytes))
      return bytes;
  }
  return 0;
}

static std::array<int64_t, 3> readDims(Operation *op, llvm::StringRef name,
                                       std::array<int64_t, 3> dims) {
  auto values = op->getAttrOfType<DenseI32ArrayAttr>(name);
  if (!values)
    return dims;
  for (auto [i, value] : llvm::enumerate(values.asArrayRef()))
    if (i < 3)
      dims[i] = value;
  return dims;
}

/// CUtensorMapDataType of an element type (cuda.h), or -1.
static int64_t tensorMapDataType(Type type) {
  if (type.isF16())
    return 6;
  if (type.isBF16())
    return 9;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 8;
  switch (type.getIntOrFloatBitWidth()) {
  case 8: // i8 and the FP8 types: bytes
    return 0;
  case 16:
    return 1;
  case 32:
    return 3;
  case 64:
    return 5;
  default:
    return -1;
  }
}

/// A size or stride entry: a constant, or {"param": i}.
static llvm::json::Value launchValueJson(Attribute entry) {
  if (auto constant = dyn_cast<IntegerAttr>(entry))
    return constant.getInt();
  auto param = cast<DictionaryAttr>(entry).getAs<IntegerAttr>("param");
  return llvm::json::Object{{"param", param ? param.getInt() : -1}};
}

/// The metadata entry of tensor-map parameter `index` described by `map`
/// (passes/TiledMemory/TiledToTma.cpp writes the description).
static llvm::json::Object tensorMapJson(unsigned index, DictionaryAttr map) {
  Type element = map.getAs<TypeAttr>("element_type").getValue();
  llvm::json::Array dims, strides, box, elementStrides;
  for (Attribute entry : map.getAs<ArrayAttr>("dims")) {
    dims.push_back(launchValueJson(entry));
    elementStrides.push_back(1);
  }
  for (Attribute entry : map.getAs<ArrayAttr>("strides"))
    strides.push_back(launchValueJson(entry));
  for (int64_t extent : map.getAs<DenseI64ArrayAttr>("box").asArrayRef())
    box.push_back(extent);
  int64_t swizzle = map.getAs<IntegerAttr>("swizzle").getInt();
  bool nan = map.getAs<StringAttr>("fill").getValue() == "nan";
  std::string typeName;
  llvm::raw_string_ostream os(typeName);
  element.print(os);
  return llvm::json::Object{
      {"param", index},
      {"address_param", map.getAs<IntegerAttr>("address_param").getInt()},
      {"element_type", typeName},
      {"element_bytes", (element.getIntOrFloatBitWidth() + 7) / 8},
      {"cu_data_type", tensorMapDataType(element)},
      {"rank", dims.size()},
      {"global_dims", std::move(dims)},
      {"global_strides_elements", std::move(strides)},
      {"box_dims", std::move(box)},
      {"element_strides", std::move(elementStrides)},
      {"interleave", 0},
      {"swizzle_bytes", swizzle},
      {"cu_swizzle", swizzle == 0 ? 0 : llvm::Log2_64(swizzle / 16)},
      {"cu_l2_promotion", 2},
      {"oob_fill", nan ? "nan" : "zero"},
      {"cu_oob_fill", nan ? 1 : 0},
  };
}

std::vector<KernelMetadata> driver::collectKernelMetadata(ModuleOp module) {
  std::vector<KernelMetadata> kernels;
  module.walk([&](LLVM::LLVMFuncOp func) {
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return;
    KernelMetadata kernel;
    kernel.name = func.getSymName().str();
    kernel.threads =
        readDims(func, NVVM::NVVMDialect::getReqntidAttrName(), kernel.threads);
    kernel.clusterDims = readDims(
        func, NVVM::NVVMDialect::getClusterDimAttrName(), kernel.clusterDims);
    // Static: the device functions' buffers, and the kernel's own unless
    // it is dynamic.
    kernel.dynamicSharedBytes = dynamicSharedMemoryBytes(func);
    if (auto bytes = func->getAttrOfType<IntegerAttr>(kSharedMemoryAttr))
      kernel.staticSharedBytes = bytes.getInt() - kernel.dynamicSharedBytes;
    // Set by convert-cuda-tile-to-tileaa for kernels with allocas.
    if (auto bytes = func->getAttrOfType<IntegerAttr>(
            "tileiras.global_scratch_bytes_per_cta"))
      kernel.globalScratchBytes = bytes.getInt();
    if (auto align = func->getAttrOfType<IntegerAttr>(
            "tileiras.global_scratch_alignment"))
      kernel.globalScratchAlignment = align.getInt();
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      if (auto map =
              func.getArgAttrOfType<DictionaryAttr>(i, "tileiras.tensor_map"))
        kernel.tensorMaps.push_back(tensorMapJson(i, map));
    kernels.push_back(std::move(kernel));
  });
  return kernels;
}

void driver::addPtxasResources(llvm::StringRef messages, llvm::StringRef chip,
                               std::vector<KernelMetadata> &kernels) {
  // ptxas -v prints, per function:
  //   ptxas info    : Function properties for NAME
  //       S bytes stack frame, A bytes spill stores, B bytes spill loads
  //   ptxas info    : Used R registers, ...
  llvm::Regex properties("Function properties for ([A-Za-z0-9_$.]+)");
  llvm::Regex frame("([0-9]+) bytes stack frame, ([0-9]+) bytes spill "
                    "stores, ([0-9]+) bytes spill loads");
  llvm::Regex used("Used ([0-9]+) registers");
  KernelMetadata *current = nullptr;
  CubinResources *resources = nullptr;
  llvm::SmallVector<llvm::StringRef> lines;
  messages.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 4> match;
    if (properties.match(line, &match)) {
      auto found = llvm::find_if(kernels, [&](const KernelMetadata &kernel) {
        return kernel.name == match[1];
      });
      current = found == kernels.end() ? nullptr : &*found;
      resources = nullptr;
      if (current) {
        current->cubins.push_back(CubinResources{chip.str()});
        resources = &current->cubins.back();
      }
      continue;
    }
    if (!resources)
      continue;
    if (frame.match(line, &match)) {
      llvm::to_integer(match[1], resources->stackFrameBytes);
      llvm::to_integer(match[2], resources->spillStoreBytes);
      llvm::to_integer(match[3], resources->spillLoadBytes);
    } else if (used.match(line, &match)) {
      llvm::to_integer(match[1], resources->registers);
      resources = nullptr; // the function's statistics end here
    }
  }
}

std::string driver::stripPtxasStatistics(llvm::StringRef messages) {
  std::string kept;
  llvm::SmallVector<llvm::StringRef> lines;
  messages.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    if (line.starts_with("ptxas info") || line.contains("bytes stack frame"))
      continue;
    if (line.trim().empty())
      continue;
    kept += line.str() + "\n";
  }
  return kept;
}

static llvm::json::Array dimsJson(const std::array<int64_t, 3> &dims) {
  return llvm::json::Array{dims[0], dims[1], dims[2]};
}

static llvm::json::Object kernelJson(const KernelMetadata &kernel) {
  llvm::json::Array cubins;
  for (const CubinResources &cubin : kernel.cubins)
    cubins.push_back(llvm::json::Object{
        {"chip", cubin.chip},
        {"registers", cubin.registers},
        {"stack_frame_bytes", cubin.stackFrameBytes},
        {"spill_store_bytes", cubin.spillStoreBytes},
        {"spill_load_bytes", cubin.spillLoadBytes},
    });
  int64_t threads = kernel.threads[0] * kernel.threads[1] * kernel.threads[2];
  llvm::json::Array maps;
  for (const llvm::json::Object &map : kernel.tensorMaps)
    maps.push_back(llvm::json::Object(map));
  return llvm::json::Object{
      {"name", kernel.name},
      {"threads_per_cta", threads},
      {"num_warps", threads / 32},
      {"block_dims", dimsJson(kernel.threads)},
      {"cluster_dims", dimsJson(kernel.clusterDims)},
      {"static_shared_memory_bytes", kernel.staticSharedBytes},
      {"dynamic_shared_memory_bytes", kernel.dynamicSharedBytes},
      {"global_scratch_bytes_per_cta", kernel.globalScratchBytes},
      {"global_scratch_alignment", kernel.globalScratchAlignment},
      {"tensor_maps", std::move(maps)},
      {"cubins", std::move(cubins)},
  };
}

void driver::printMetadataJson(llvm::ArrayRef<TargetMetadata> targets,
                               llvm::raw_ostream &os) {
  llvm::json::Array targetArray;
  for (const TargetMetadata &target : targets) {
    llvm::json::Array kernels;
    for (const KernelMetadata &kernel : target.kernels)
      kernels.push_back(kernelJson(kernel));
    llvm::json::Object object{{"target", target.target},
                              {"kernels", std::move(kernels)}};
    if (!target.ptxVersion.empty())
      object["ptx_version"] = target.ptxVersion;
    else
      object["ptx_version"] = nullptr;
    targetArray.push_back(std::move(object));
  }
  llvm::json::Value document = llvm::json::Object{
      {"schema", kMetadataSchemaVersion},
      {"generator", "tileiras"},
      {"targets", std::move(targetArray)},
  };
  os << llvm::formatv("{0:2}", document) << "\n";
}

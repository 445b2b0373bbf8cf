//===- CommandLine.cpp - parsing argv with CLI11 --------------------------===//
//
// CLI11 reports errors with exceptions; they are caught here and never leave
// this file (the rest of the project builds without exceptions).
//
//===----------------------------------------------------------------------===//

#include "tileiras/Driver/Driver.h"
#include "tileiras/Driver/ExitCodes.h"
#include "tileiras/Driver/Options.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <CLI/CLI.hpp>

#include <iostream>

using namespace tileiras;
using namespace tileiras::driver;

namespace {
/// nvcc spells some long options with one dash; CLI11 reads one dash as a
/// cluster of short flags, so those spellings are rewritten to the
/// double-dash form first.
struct NvccSpelling {
  const char *nvcc; // "-arch"
  const char *ours; // "--arch"
};
constexpr NvccSpelling kNvccSpellings[] = {
    {"-arch", "--arch"},
    {"-gencode", "--gencode"},
    {"-Xptxas", "--Xptxas"},
};
} // namespace

/// CLI11 reads any number as a boolean (--prec-div=2 is true) and lets a
/// switch take a value (--lineinfo=3). Only the documented spellings pass:
/// `=true`/`=false` on the numerics options, nothing on the switches.
static std::optional<std::string> checkFlagValue(llvm::StringRef arg) {
  static constexpr const char *kBooleans[] = {"--ftz", "--prec-div",
                                              "--prec-sqrt", "--fmad"};
  static constexpr const char *kSwitches[] = {
      "-g",     "--device-debug", "--lineinfo", "--time-passes", "--list-gpus",
      "--json", "--version",      "-h",         "--help"};
  auto [name, value] = arg.split('=');
  if (!arg.contains('='))
    return std::nullopt;
  if (llvm::is_contained(kBooleans, name) && value != "true" &&
      value != "false")
    return "option '" + name.str() + "' takes =true or =false, not '" +
           value.str() + "'";
  if (llvm::is_contained(kSwitches, name))
    return "option '" + name.str() + "' takes no value (got '" + value.str() +
           "')";
  return std::nullopt;
}

/// Rewrites nvcc spellings and splits off --mlir-* options. Options whose
/// value may start with '-' (-Xptxas -v) are joined with '=' so the value is
/// never taken for an option.
static std::vector<std::string>
normalizeArguments(int argc, const char *const *argv,
                   std::vector<std::string> &mlirOptions) {
  std::vector<std::string> args;
  args.push_back(argc > 0 ? argv[0] : "tileiras");
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg.starts_with("--mlir-")) {
      mlirOptions.push_back(arg.str());
      continue;
    }
    bool rewritten = false;
    for (const NvccSpelling &spelling : kNvccSpellings) {
      llvm::StringRef nvcc(spelling.nvcc), ours(spelling.ours);
      std::string value;
      if (arg == nvcc || arg == ours) {
        if (i + 1 >= argc)
          break; // CLI11 reports the missing value
        value = argv[++i];
      } else if (arg.starts_with(nvcc.str() + "=")) {
        value = arg.drop_front(nvcc.size() + 1).str();
      } else if (arg.starts_with(ours.str() + "=")) {
        value = arg.drop_front(ours.size() + 1).str();
      } else {
        continue;
      }
      args.push_back(ours.str() + "=" + value);
      rewritten = true;
      break;
    }
    if (!rewritten)
      args.push_back(arg.str());
  }
  return args;
}

std::optional<int> driver::parseCommandLine(int argc, const char *const *argv,
                                            CommandLine &out) {
  CLI::App app{"tileiras: an open compiler for nv_tileaa tile kernels on "
               "NVIDIA GPUs (MLIR -> PTX, cubin or fatbin)",
               "tileiras"};
  app.set_help_flag("-h,--help", "Print this help and exit");
  app.get_formatter()->column_width(34);

  app.add_option("input", out.input,
                 "Input kernel: nv_tileaa MLIR text (.mlir) or bytecode "
                 "(.mlirbc); '-' reads standard input");
  app.add_option("-o,--output", out.output,
                 "Output file; its kind comes from --emit or the extension "
                 "(.ptx .cubin .fatbin .ll .mlir)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--output-dir", out.outputDir,
                 "With several targets: one file per target, named "
                 "<stem>.<chip>.<ext>");
  app.add_option("--emit", out.emit,
                 "What to write: ptx, cubin, fatbin, llvm, mlir or tile")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--gpu-name", out.gpuName,
                 "Target GPU: sm_XX, sm_XXa or sm_XXf (default: the module's "
                 "own target, else sm_75; see --list-gpus)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  // Repeatable options take one value per occurrence; without this CLI11
  // would swallow the following positional input as another value.
  app.add_option("--arch", out.archs,
                 "nvcc-style target, repeatable (also spelled -arch=sm_XX)")
      ->allow_extra_args(false);
  app.add_option("--gencode", out.gencodes,
                 "nvcc-style arch=compute_XX,code=sm_XX pair, repeatable "
                 "(also spelled -gencode)")
      ->allow_extra_args(false);
  app.add_option("-O,--opt-level", out.optLevel,
                 "Optimization level 0..3 (default 3)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_flag("-g,--device-debug", out.deviceDebug,
               "Full device debug information (requires -O0)");
  app.add_flag("--lineinfo", out.lineInfo,
               "Line tables only (.loc/.file), works at every -O level");
  app.add_option("--ptx-version", out.ptxVersion,
                 "PTX ISA version: X.Y, 'min' (default: the lowest that "
                 "covers the target and the kernel) or 'max'")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_flag("--ftz", out.numerics.ftz,
               "Flush f32 denormals to zero (=true|false, default false)");
  app.add_flag("--prec-div", out.numerics.precDiv,
               "IEEE-rounded f32 division (=true|false, default true)");
  app.add_flag("--prec-sqrt", out.numerics.precSqrt,
               "IEEE-rounded f32 square root (=true|false, default true)");
  app.add_flag("--fmad", out.numerics.fmad,
               "Contract multiply+add into fma (=true|false, default true)");
  app.add_option("--num-warps", out.numWarps,
                 "Warps per CTA for kernels whose kernel_spec does not say "
                 "(power of two, 1..32; default 4)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--num-stages", out.numStages,
                 "K-loop iterations of dot operand loads in flight through "
                 "cp.async, for kernels whose kernel_spec does not say "
                 "(1..8, 1 = no pipelining; default 3)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--ptxas-path", out.ptxasPath,
                 "ptxas to use for cubin/fatbin output");
  app.add_option("--Xptxas", out.xptxas,
                 "Pass an option to ptxas, repeatable (also -Xptxas OPT)")
      ->allow_extra_args(false);
  app.add_option("--cuda-path", out.cudaPath,
                 "CUDA toolkit root: the only place searched for ptxas (unless "
                 "--ptxas-path), fatbinary and libdevice");
  app.add_option("--dump-dir", out.dumpDir,
                 "Write every stage (tile IR, after each phase, LLVM IR "
                 "before/after optimization, PTX) into this directory");
  app.add_option("--metadata", out.metadata,
                 "Write JSON describing every kernel (block size, cluster, "
                 "shared memory, registers) to this file");
  app.add_option("--max-input-size", out.maxInputSize,
                 "Refuse inputs longer than this many bytes (K, M, G "
                 "suffixes; default 256M)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_flag("--time-passes", out.timePasses,
               "Report the time spent in each pass and phase");
  app.add_flag("--list-gpus", out.listGpus,
               "List every accepted target and exit");
  app.add_flag("--json", out.json, "With --list-gpus: print JSON");
  app.add_flag("--version", out.version, "Print version information and exit");
  app.footer("MLIR debugging options (--mlir-print-ir-after-all, "
             "--mlir-timing, ...) are passed through to MLIR.\n"
             "Exit codes: 0 success, 1 compilation error, 2 invalid options "
             "or target, 3 unreadable input, 4 unwritable output, 5 external "
             "tool failure. See docs/cli.md.");

  // CLI11 would take the next argument as the value of `--gpu-name=`.
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg.starts_with("-") && arg.ends_with("=")) {
      reportError("option '" + arg.drop_back() +
                  "' needs a non-empty value (see tileiras --help)");
      return ExitInvalidOptions;
    }
    if (std::optional<std::string> problem = checkFlagValue(arg)) {
      reportError(*problem + " (see tileiras --help)");
      return ExitInvalidOptions;
    }
  }
  std::vector<std::string> args =
      normalizeArguments(argc, argv, out.mlirOptions);
  std::vector<const char *> cargs;
  for (const std::string &arg : args)
    cargs.push_back(arg.c_str());
  try {
    app.parse(static_cast<int>(cargs.size()), cargs.data());
  } catch (const CLI::CallForHelp &) {
    std::cout << app.help();
    return ExitSuccess;
  } catch (const CLI::ParseError &error) {
    reportError(llvm::Twine(error.what()) + " (see tileiras --help)");
    return ExitInvalidOptions;
  }
  // CLI11 accepts an empty value (--gpu-name=, -o ""); none of ours means
  // anything empty, and silently falling back to a default would surprise.
  for (const CLI::Option *option : app.get_options()) {
    if (option->get_type_size() == 0)
      continue; // a flag
    for (const std::string &value : option->results())
      if (value.empty()) {
        reportError("option '" +
                    (option->get_positional() ? std::string("input")
                                              : option->get_name()) +
                    "' needs a non-empty value (see tileiras --help)");
        return ExitInvalidOptions;
      }
  }
  return std::nullopt;
}

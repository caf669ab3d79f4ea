//===- remat-compile.cpp - ahead-of-time build of a training step ---------===//
//
// remat-compile model.mlir --entry=train_step --target=cpu -o step
//
// Parses a module in the nn dialect, optionally rewrites it with
// --rematerialize (--policy=...), lowers it with remat's CPU pipeline,
// translates it to LLVM IR, generates a small driver that describes the
// entry's signature, and links both with remat's harness and runtime into an
// executable that depends only on libc, libm and libstdc++. The executable
// fills the inputs deterministically, runs the entry --iters times, and prints
// one JSON line (see docs/RematCompile.md).
//
//===----------------------------------------------------------------------===//

#include "RematVersion.h"
#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/MemoryPlan.h"
#include "remat/Analysis/RematEnums.h"
#include "remat/Conversion/Passes.h"
#include "remat/Dialect/NN/NNDialect.h"
#include "remat/Dialect/NN/NNOps.h"
#include "remat/Dialect/Remat/RematDialect.h"
#include "remat/Pipelines/Pipelines.h"
#include "remat/Transforms/Passes.h"
#include "remat/Transforms/RematRewrite.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
using remat::OpClass;
namespace cl = llvm::cl;

/// --help lists these, not the hundreds of options LLVM's libraries register.
static cl::OptionCategory rematCategory("remat-compile options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .mlir>"),
                                          cl::init("-"),
                                          cl::cat(rematCategory));
static cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("path"),
                                           cl::init("a.out"),
                                           cl::cat(rematCategory));
static cl::opt<std::string>
    entryName("entry",
              cl::desc("Entry function (default: the first public "
                       "function with a body)"),
              cl::cat(rematCategory));
static cl::opt<std::string> targetName("target", cl::desc("cpu or cuda"),
                                       cl::init("cpu"), cl::cat(rematCategory));
static cl::opt<std::string>
    policyName("policy",
               cl::desc("Run --rematerialize with this policy "
                        "first (none, full, sqrt, selective, "
                        "dots, dots-no-batch, offload, auto)"),
               cl::cat(rematCategory));
static cl::opt<bool>
    autodiff("autodiff",
             cl::desc("The entry is a forward function returning a scalar "
                      "loss: run --nn-autodiff on it first, so the "
                      "executable computes the loss and the gradients of "
                      "its floating-point arguments"),
             cl::cat(rematCategory));
static cl::list<unsigned>
    wrt("wrt",
        cl::desc("With --autodiff: the positions of the arguments to "
                 "differentiate, comma-separated (--nn-autodiff's wrt=; "
                 "default: every floating-point tensor argument)"),
        cl::CommaSeparated, cl::cat(rematCategory));
static cl::opt<std::string>
    reportFile("report",
               cl::desc("With --policy: write --rematerialize's JSON report "
                        "to this file ('-' for standard output)"),
               cl::value_desc("path"), cl::cat(rematCategory));
static cl::opt<std::string>
    budget("budget",
           cl::desc("--rematerialize budget: bytes (12GiB, 12 GiB, 500MB), "
                    "a fraction of policy none's peak (60%, 0.6) or of the "
                    "activations it saves (50% activations)"),
           cl::cat(rematCategory));
static cl::opt<bool>
    offload("offload",
            cl::desc("--rematerialize offload=true: --policy=auto may also "
                     "offload saved values to host memory"),
            cl::cat(rematCategory));
static cl::opt<std::string>
    hostBudget("host-budget",
               cl::desc("--rematerialize host-budget: the most bytes "
                        "offloaded values may hold in host memory"),
               cl::cat(rematCategory));
static cl::opt<std::string>
    maxOverhead("max-overhead",
                cl::desc("--rematerialize max-overhead for --policy=auto"),
                cl::cat(rematCategory));
static cl::opt<std::string> deviceName("device",
                                       cl::desc("Cost-model device for "
                                                "--policy"),
                                       cl::init("h200"),
                                       cl::cat(rematCategory));
static cl::opt<std::string>
    emitKind("emit",
             cl::desc("exe (default), mlir (lowered MLIR), llvm "
                      "(LLVM IR), driver (the generated C++), or for "
                      "--target=cuda the kernels alone: cubin (sm_90 "
                      "ELF, for cuobjdump/nvdisasm) or ptx"),
             cl::init("exe"), cl::cat(rematCategory));
static cl::opt<bool> fuseElementwise("fuse-elementwise",
                                     cl::desc("Fuse elementwise kernels"),
                                     cl::init(false), cl::cat(rematCategory));
static cl::opt<bool> emulateGPUMapping(
    "emulate-gpu-mapping",
    cl::desc("--target=cpu only: map loops to GPU launches as the CUDA "
             "pipeline does and run them as host loops (testing aid)"),
    cl::init(false), cl::cat(rematCategory));
static cl::opt<std::string> costProfile(
    "cost-profile",
    cl::desc("--rematerialize cost-profile: measured op times (a profile "
             "written by a --profile-ops executable) in place of the "
             "roofline for the ops it covers"),
    cl::cat(rematCategory));
static cl::opt<bool> profileOps(
    "profile-ops",
    cl::desc("--target=cpu only: time each op of the entry; run with "
             "REMAT_PROFILE=<file> to write a cost profile"),
    cl::init(false), cl::cat(rematCategory));
static cl::opt<std::string> gemmKind(
    "gemm",
    cl::desc("Matrix products. --target=cpu: OpenBLAS calls (blas, the "
             "default where remat was built with OpenBLAS) or generated "
             "loops (loops). --target=cuda: cuBLASLt calls, loaded at run "
             "time (cublas), generated kernels (generated), or both with "
             "the choice made at run time (auto, the default: generated "
             "kernels where no libcublasLt is found)"),
    cl::cat(rematCategory));

static cl::opt<std::string> reductionsKind(
    "reductions",
    cl::desc("--target=cuda: row reductions one warp per row, column "
             "reductions a 32x32 block per 32 columns and generated GEMMs "
             "in shared-memory tiles (parallel, the default), or one "
             "thread per output (serial)"),
    cl::init("parallel"), cl::cat(rematCategory));

/// --gemm's value, or the target's default.
static std::string gemmChoice() {
  if (!gemmKind.empty())
    return gemmKind;
  if (targetName == "cuda")
    return "auto";
#ifdef REMAT_HAVE_BLAS
  return "blas";
#else
  return "loops";
#endif
}
static cl::opt<std::string>
    mathKind("math",
             cl::desc("--target=cpu only: f32 exp, tanh, log, log1p, expm1 "
                      "and erf as vectorizable polynomials (approx, the "
                      "default) or libm calls (libm)"),
             cl::init("approx"), cl::cat(rematCategory));
static cl::opt<std::string> marchName(
    "march",
    cl::desc("--target=cpu only: the CPU the executable is built for, as "
             "clang's -march (default native: this machine's; x86-64 for "
             "any)"),
    cl::init("native"), cl::cat(rematCategory));
static cl::opt<std::string> cxxPath("cxx",
                                    cl::desc("C++ compiler used to link"),
                                    cl::init(REMAT_DEFAULT_CXX),
                                    cl::cat(rematCategory));
static cl::opt<bool> keepTemps("keep-temps",
                               cl::desc("Keep the temporary directory"),
                               cl::init(false), cl::cat(rematCategory));

namespace {

struct ArgInfo {
  std::string dtype; // harness enum name
  std::vector<int64_t> shape;
  int64_t labelRange = 0;
  unsigned elementBytes = 0;
};

std::optional<ArgInfo> describe(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() || tensor.getRank() > 8)
    return std::nullopt;
  Type e = tensor.getElementType();
  ArgInfo info;
  if (e.isF32())
    info.dtype = "F32", info.elementBytes = 4;
  else if (e.isF16())
    info.dtype = "F16", info.elementBytes = 2;
  else if (e.isBF16())
    info.dtype = "BF16", info.elementBytes = 2;
  else if (e.isSignlessInteger(32))
    info.dtype = "I32", info.elementBytes = 4;
  else if (e.isSignlessInteger(64))
    info.dtype = "I64", info.elementBytes = 8;
  else
    return std::nullopt;
  info.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  return info;
}

/// The class count of the cross-entropies that read an integer argument, so
/// that generated labels are in range.
int64_t labelRangeOf(BlockArgument arg) {
  int64_t range = 0;
  for (Operation *user : arg.getUsers()) {
    Value logits;
    if (auto ce = dyn_cast<remat::nn::CrossEntropyOp>(user))
      logits = ce.getLogits();
    else if (auto ceg = dyn_cast<remat::nn::CrossEntropyGradOp>(user))
      logits = ceg.getLogits();
    if (!logits)
      continue;
    int64_t classes =
        cast<RankedTensorType>(logits.getType()).getShape().back();
    range = range ? std::min(range, classes) : classes;
  }
  return range;
}

std::string descType(size_t rank) {
  return "Desc<" + std::to_string(rank) + ">";
}

std::string specList(ArrayRef<ArgInfo> infos) {
  std::string s;
  for (const ArgInfo &a : infos) {
    s += "    {DType::" + a.dtype + ", " + std::to_string(a.shape.size()) +
         ", {";
    for (size_t i = 0; i < a.shape.size(); ++i)
      s += (i ? ", " : "") + std::to_string(a.shape[i]);
    s += "}, " + std::to_string(a.labelRange) + "},\n";
  }
  if (infos.empty())
    s = "    {DType::F32, 0, {}, 0},\n";
  return s;
}

/// `s` as a C++ string literal.
std::string cStringLiteral(StringRef s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c < 0x20 || c >= 0x7f)
      out += llvm::formatv("\\{0:o3}", static_cast<unsigned>(c)).str();
    else
      out += c;
  }
  return out + "\"";
}

/// An op of the entry as the kernel table (CUDA) and the op table of
/// --profile-ops executables describe it.
struct SourceOp {
  std::string name;
  std::string key; // remat::costProfileKey
  OpClass opClass;
  uint64_t flops, bytes;
  std::string elementType;
};

SourceOp describeOp(Operation &op) {
  remat::OpCost cost = remat::getOpCost(&op);
  std::string elementType;
  if (cost.elementType)
    llvm::raw_string_ostream(elementType) << cost.elementType;
  return {op.getName().getStringRef().str(),
          remat::costProfileKey(&op),
          cost.opClass,
          cost.flops,
          cost.bytesRead + cost.bytesWritten,
          elementType};
}

/// Wraps each op of the entry's body in calls of the runtime's op timers,
/// remat_op_begin(i) / remat_op_end(i) for the i-th op; returns the ops in
/// that order.
std::vector<SourceOp> instrumentOps(ModuleOp module, func::FuncOp entry) {
  OpBuilder builder(module.getContext());
  builder.setInsertionPointToStart(module.getBody());
  auto type = builder.getFunctionType({builder.getI64Type()}, {});
  for (StringRef name : {"remat_op_begin", "remat_op_end"})
    func::FuncOp::create(builder, entry.getLoc(), name, type).setPrivate();
  std::vector<SourceOp> ops;
  for (Operation &op : llvm::make_early_inc_range(
           entry.getBody().front().without_terminator())) {
    int64_t id = ops.size();
    ops.push_back(describeOp(op));
    builder.setInsertionPoint(&op);
    Value idValue = arith::ConstantIntOp::create(builder, op.getLoc(), id, 64);
    func::CallOp::create(builder, op.getLoc(), "remat_op_begin", TypeRange{},
                         idValue);
    builder.setInsertionPointAfter(&op);
    func::CallOp::create(builder, op.getLoc(), "remat_op_end", TypeRange{},
                         idValue);
  }
  return ops;
}

/// The C++ driver: descriptors of the entry's memrefs and the call of its C
/// interface (_mlir_ciface_<entry>, results first through a pointer).
/// With a `fallback` (--target=cuda --gemm=auto), the driver calls it in
/// place of `entry` when the runtime finds no libcublasLt.
std::string generateDriver(StringRef entry, ArrayRef<ArgInfo> args,
                           ArrayRef<ArgInfo> results, uint64_t planPeak,
                           uint64_t planHostPeak, ArrayRef<SourceOp> ops,
                           StringRef fallback) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "// Generated by remat-compile for @" << entry << ".\n"
     << "#include \"remat/Harness.h\"\n#include <cstdint>\n\n"
     << "using remat::harness::DType;\n\n"
     << "template <int R> struct Desc {\n  void *allocated, *aligned;\n"
     << "  int64_t offset, sizes[R], strides[R];\n};\n"
     << "template <> struct Desc<0> {\n  void *allocated, *aligned;\n"
     << "  int64_t offset;\n};\n\n";
  os << "struct Results {\n";
  for (auto [i, r] : llvm::enumerate(results))
    os << "  " << descType(r.shape.size()) << " r" << i << ";\n";
  os << "};\n\n";
  SmallVector<std::string> params;
  if (results.size() == 1)
    params.push_back(descType(results[0].shape.size()) + " *");
  else if (results.size() > 1)
    params.push_back("Results *");
  for (const ArgInfo &a : args)
    params.push_back(descType(a.shape.size()) + " *");
  os << "extern \"C\" void _mlir_ciface_" << entry << "("
     << llvm::join(params, ", ") << ");\n";
  if (!fallback.empty())
    os << "extern \"C\" void _mlir_ciface_" << fallback << "("
       << llvm::join(params, ", ") << ");\n"
       << "extern \"C\" bool remat_cuda_gemm_available(void);\n";
  os << "\n";

  os << "static const remat::harness::TensorSpec kArgs[] = {\n"
     << specList(args) << "};\n";
  os << "static const remat::harness::TensorSpec kResults[] = {\n"
     << specList(results) << "};\n\n";

  os << "static void invoke(void **args, void **data, void **owned) {\n";
  for (auto [i, a] : llvm::enumerate(args)) {
    size_t rank = a.shape.size();
    os << "  " << descType(rank) << " a" << i << "{args[" << i << "], args["
       << i << "], 0";
    if (rank) {
      os << ", {";
      for (size_t d = 0; d < rank; ++d)
        os << (d ? ", " : "") << a.shape[d];
      os << "}, {";
      int64_t stride = 1;
      SmallVector<int64_t> strides(rank);
      for (size_t d = rank; d-- > 0;) {
        strides[d] = stride;
        stride *= a.shape[d];
      }
      for (size_t d = 0; d < rank; ++d)
        os << (d ? ", " : "") << strides[d];
      os << "}";
    }
    os << "};\n";
  }
  os << "  Results r;\n";
  if (!fallback.empty())
    os << "  static const bool library = remat_cuda_gemm_available();\n"
       << "  (library ? _mlir_ciface_" << entry << " : _mlir_ciface_"
       << fallback << ")(";
  else
    os << "  _mlir_ciface_" << entry << "(";
  SmallVector<std::string> callArgs;
  if (results.size() == 1)
    callArgs.push_back("&r.r0");
  else if (results.size() > 1)
    callArgs.push_back("&r");
  for (size_t i = 0; i < args.size(); ++i)
    callArgs.push_back("&a" + std::to_string(i));
  os << llvm::join(callArgs, ", ") << ");\n";
  for (auto [i, r] : llvm::enumerate(results)) {
    os << "  data[" << i << "] = static_cast<char *>(r.r" << i
       << ".aligned) + r.r" << i << ".offset * " << r.elementBytes << ";\n";
    os << "  owned[" << i << "] = r.r" << i << ".allocated;\n";
  }
  if (results.empty())
    os << "  (void)r; (void)data; (void)owned;\n";
  os << "}\n\n";
  os << "static const remat::harness::OpInfo kOps[] = {\n";
  for (const SourceOp &op : ops)
    os << "  {" << cStringLiteral(op.key) << ", \""
       << remat::stringifyOpClass(op.opClass) << "\", " << op.flops << "ull, "
       << op.bytes << "ull},\n";
  os << "  {nullptr, nullptr, 0, 0}};\n\n";
  os << "int main(int argc, char **argv) {\n"
     << "  static const remat::harness::EntryInfo info = {\"" << entry
     << "\", \"" << targetName << "\", " << args.size() << ", kArgs, "
     << results.size() << ", kResults, " << planPeak << "ull, " << ops.size()
     << ", kOps, " << planHostPeak << "ull};\n"
     << "  return remat::harness::run(argc, argv, info, invoke);\n}\n";
  return s;
}

/// Source ops of the entry by location, before lowering. Recomputed clones
/// share their original's location and figures.
llvm::StringMap<SourceOp> collectSourceOps(func::FuncOp entry) {
  llvm::StringMap<SourceOp> ops;
  for (Operation &op : entry.getBody().front()) {
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    ops[remat::formatLocation(op.getLoc())] = describeOp(op);
  }
  return ops;
}

/// <exe>.kernels.json: every kernel launch of a step in order, with the nn op
/// it comes from. Consecutive launches of one location are one instance of
/// that op (a softmax is several kernels). scripts/kernel_roofline.py joins
/// it with the runtime's REMAT_PROFILE output.
llvm::json::Object kernelTable(ModuleOp module, StringRef entry,
                               const llvm::StringMap<SourceOp> &sources) {
  llvm::json::Array launches, instances;
  std::string lastLoc;
  int64_t instance = -1;
  // The entry's launches and library GEMM calls (both profiled), in order;
  // --gemm=auto's generated copy is not in the table.
  Operation *entryOp = module.lookupSymbol(entry);
  if (!entryOp)
    entryOp = module;
  entryOp->walk([&](Operation *op) {
    StringRef kernel;
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
      kernel = launch.getKernelName().getValue();
    else if (auto call = dyn_cast<LLVM::CallOp>(op);
             call && call.getCallee() == remat::kCudaGemmFunction)
      kernel = "cublasLt";
    else
      return;
    std::string loc = remat::formatLocation(op->getLoc());
    auto it = sources.find(loc);
    if (loc != lastLoc) {
      ++instance;
      llvm::json::Object entry{{"id", instance}, {"loc", loc}};
      if (it != sources.end()) {
        entry["op"] = it->second.name;
        entry["class"] = remat::stringifyOpClass(it->second.opClass);
        entry["flops"] = static_cast<int64_t>(it->second.flops);
        entry["bytes"] = static_cast<int64_t>(it->second.bytes);
        entry["dtype"] = it->second.elementType;
        entry["key"] = it->second.key;
      }
      instances.push_back(std::move(entry));
      lastLoc = loc;
    }
    llvm::json::Object record{{"index", static_cast<int64_t>(launches.size())},
                              {"kernel", kernel},
                              {"instance", instance}};
    // Constant launch dims (all of remat's kernels have them), for the
    // static speed estimate (scripts/static_roofline.py).
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
      auto dims = [](std::initializer_list<Value> values) -> llvm::json::Value {
        llvm::json::Array out;
        for (Value v : values) {
          APInt c;
          if (!matchPattern(v, m_ConstantInt(&c)))
            return nullptr;
          out.push_back(c.getSExtValue());
        }
        return out;
      };
      record["grid"] = dims({launch.getGridSizeX(), launch.getGridSizeY(),
                             launch.getGridSizeZ()});
      record["block"] = dims({launch.getBlockSizeX(), launch.getBlockSizeY(),
                              launch.getBlockSizeZ()});
    }
    launches.push_back(std::move(record));
  });
  return llvm::json::Object{{"entry", entry},
                            {"launches", std::move(launches)},
                            {"instances", std::move(instances)}};
}

LogicalResult writeFile(StringRef path, StringRef contents) {
  std::string error;
  auto file = openOutputFile(path, &error);
  if (!file) {
    llvm::errs() << "remat-compile: " << error << "\n";
    return failure();
  }
  file->os() << contents;
  file->keep();
  return success();
}

/// Where the runtimes' headers and archives are: beside an installed
/// remat-compile (<prefix>/bin/remat-compile with <prefix>/include/remat/
/// Runtime.h and <prefix>/lib/libremat_cpu_runtime.a: `cmake --install`),
/// else in the source and build trees it was built in.
static std::pair<std::string, std::string> runtimeDirs() {
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&anchor));
  SmallString<256> prefix =
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe));
  SmallString<256> include(prefix), lib(prefix), header, archive;
  llvm::sys::path::append(include, "include");
  llvm::sys::path::append(lib, "lib");
  header = include;
  llvm::sys::path::append(header, "remat", "Runtime.h");
  archive = lib;
  llvm::sys::path::append(archive, "libremat_cpu_runtime.a");
  if (!exe.empty() && llvm::sys::fs::exists(header) &&
      llvm::sys::fs::exists(archive))
    return {include.str().str(), lib.str().str()};
  return {REMAT_RUNTIME_INCLUDE_DIR, REMAT_RUNTIME_LIB_DIR};
}

LogicalResult link(StringRef driverPath, StringRef llPath) {
  auto [runtimeInclude, runtimeLib] = runtimeDirs();
  // The CUDA target's host code is straight-line allocations, launches and
  // frees (its kernels were optimized by gpu-module-to-binary): -O2 on it
  // would cost most of the compile time of a deep model and gain nothing.
  SmallVector<std::string> argv = {cxxPath,
                                   targetName == "cuda" ? "-O0" : "-O2",
                                   "-std=c++17",
                                   "-Wno-override-module",
                                   "-I" + runtimeInclude,
                                   driverPath.str(),
                                   llPath.str()};
  if (targetName == "cpu") {
    // The host's vector units, and a*b+c as one FMA where the target has
    // it (each op's code is fixed at compile time, so every policy gets the
    // same bits).
    argv.push_back("-march=" + marchName.getValue());
    argv.push_back("-ffp-contract=fast");
  }
  if (targetName == "cuda") {
#ifdef REMAT_HAVE_CUDA
    argv.push_back(runtimeLib + "/libremat_harness_cuda.a");
    argv.push_back(runtimeLib + "/libremat_cuda_runtime.a");
    argv.push_back("-L" + std::string(REMAT_CUDA_STUB_DIR));
    argv.push_back("-lcuda");
#endif
  } else {
    argv.push_back(runtimeLib + "/libremat_harness.a");
    argv.push_back(runtimeLib + "/libremat_cpu_runtime.a");
#ifdef REMAT_HAVE_BLAS
    if (gemmChoice() == "blas") {
      argv.push_back(runtimeLib + "/libremat_cpu_gemm.a");
      argv.push_back(REMAT_OPENBLAS_STATIC);
      argv.push_back("-lpthread");
    }
#endif
  }
  argv.append({"-lm", "-o", outputFilename});
  SmallVector<StringRef> refs(argv.begin(), argv.end());
  std::string error;
  int rc =
      llvm::sys::ExecuteAndWait(cxxPath, refs, std::nullopt, {}, 0, 0, &error);
  if (rc != 0) {
    llvm::errs() << "remat-compile: linking with '" << cxxPath << "' failed"
                 << (error.empty() ? "" : ": " + error)
                 << (keepTemps ? "" : " (--keep-temps keeps its inputs)")
                 << "\n";
    return failure();
  }
  return success();
}

/// Symbols the executable defines or the lowered code calls: a module
/// function of the same name would clash with them at link time, or
/// silently replace them.
bool isReservedSymbol(StringRef name) {
  static const llvm::StringSet<> reserved = {
      "main",   "malloc", "free",    "calloc", "realloc", "aligned_alloc",
      "memcpy", "memset", "memmove", "abort",  "exit",    "memrefCopy",
      "exp",    "expf",   "log",     "logf",   "tanh",    "tanhf",
      "sqrt",   "sqrtf",  "erf",     "erff",   "pow",     "powf",
      "fabs",   "fabsf",  "rtclock"};
  return reserved.contains(name) || name.starts_with("_mlir_") ||
         name.starts_with("mgpu") || name.starts_with("__") ||
         name.starts_with("remat_");
}

/// The executable links no code but the module's and remat's runtime: every
/// called function needs a body, and no function may take a name that the
/// executable already uses.
LogicalResult checkLinkable(ModuleOp module) {
  for (auto f : module.getOps<func::FuncOp>())
    if (isReservedSymbol(f.getSymName()))
      return f.emitError("function @")
             << f.getSymName()
             << " would clash with a symbol of the executable (its main, "
                "the C library, libm or remat's runtime); rename it";
  WalkResult calls = module.walk([&](func::CallOp call) {
    auto callee =
        module.lookupSymbol<func::FuncOp>(call.getCalleeAttr().getAttr());
    if (callee && !callee.isExternal())
      return WalkResult::advance();
    call.emitError("call to @")
        << call.getCallee()
        << (callee ? ", which has no body" : ", which is not defined")
        << ": remat-compile links no other code, so every called function "
           "must be defined in the module";
    return WalkResult::interrupt();
  });
  return failure(calls.wasInterrupted());
}

LogicalResult compile(MLIRContext &context, llvm::SourceMgr &sourceMgr) {
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return failure();

  static const llvm::StringSet<> emitKinds = {"exe",   "mlir", "llvm",
                                               "driver", "cubin", "ptx"};
  if (!emitKinds.contains(emitKind) ||
      ((emitKind == "cubin" || emitKind == "ptx") && targetName != "cuda")) {
    llvm::errs() << "remat-compile: unknown --emit=" << emitKind
                 << " for --target=" << targetName
                 << "; expected exe, mlir, llvm or driver"
                 << (targetName == "cuda" ? ", cubin or ptx" : "") << "\n";
    return failure();
  }
  if (targetName != "cpu" && targetName != "cuda") {
    llvm::errs() << "remat-compile: unknown target '" << targetName
                 << "'; expected cpu or cuda\n";
    return failure();
  }
  if (policyName.empty() &&
      (!budget.empty() || !maxOverhead.empty() || !costProfile.empty() ||
       offload || !hostBudget.empty() || !reportFile.empty())) {
    llvm::errs() << "remat-compile: --budget, --max-overhead, --offload, "
                    "--host-budget, --cost-profile and --report need "
                    "--policy\n";
    return failure();
  }
  if (!wrt.empty() && !autodiff) {
    llvm::errs() << "remat-compile: --wrt needs --autodiff\n";
    return failure();
  }
  if (profileOps && targetName != "cpu") {
    llvm::errs() << "remat-compile: --profile-ops is for --target=cpu\n";
    return failure();
  }
  if (mathKind != "approx" && mathKind != "libm") {
    llvm::errs() << "remat-compile: unknown --math=" << mathKind
                 << "; expected approx or libm\n";
    return failure();
  }
  std::string gemm = gemmChoice();
  bool cudaGemm = gemm == "cublas" || gemm == "generated" || gemm == "auto";
  if (targetName == "cuda" ? !cudaGemm : gemm != "blas" && gemm != "loops") {
    llvm::errs() << "remat-compile: unknown --gemm=" << gemm << " for --target="
                 << targetName << "; expected "
                 << (targetName == "cuda" ? "cublas, generated or auto"
                                          : "blas or loops")
                 << "\n";
    return failure();
  }
  if (reductionsKind != "parallel" && reductionsKind != "serial") {
    llvm::errs() << "remat-compile: unknown --reductions=" << reductionsKind
                 << "; expected parallel or serial\n";
    return failure();
  }
#ifndef REMAT_HAVE_BLAS
  if (gemm == "blas") {
    llvm::errs() << "remat-compile: this build has no OpenBLAS (static "
                    "libopenblas.a was not found when it was configured); "
                    "use --gemm=loops\n";
    return failure();
  }
#endif
#ifndef REMAT_HAVE_CUDA
  if (targetName == "cuda") {
    llvm::errs() << "remat-compile: this build has no CUDA runtime (cuda.h "
                    "was not found when it was configured)\n";
    return failure();
  }
#endif

  func::FuncOp entry;
  for (auto f : module->getOps<func::FuncOp>()) {
    if (f.isExternal())
      continue;
    if (entryName.empty() ? f.isPublic() : f.getSymName() == entryName) {
      entry = f;
      break;
    }
  }
  if (!entry) {
    if (entryName.empty())
      module->emitError("no public function with a body to compile");
    else
      module->emitError("no function @") << entryName << " with a body";
    return failure();
  }

  if (failed(checkLinkable(*module)))
    return failure();

  // Only the entry is differentiated and planned: other functions are
  // helpers it calls, not training steps.
  if (autodiff) {
    PassManager pm(&context, func::FuncOp::getOperationName());
    remat::NNAutodiffOptions options;
    options.wrt.assign(wrt.begin(), wrt.end());
    pm.addPass(remat::createNNAutodiff(options));
    if (failed(pm.run(entry)))
      return failure();
  }
  // The lowering folds ops that compute nothing (a scale by 1, dropout at
  // rate 0, an identity transpose) and composes others; fold them first, so
  // that the plan and every policy see the graph that will run.
  {
    PassManager pm(&context, func::FuncOp::getOperationName());
    pm.addPass(
        createCanonicalizerPass(remat::planPreservingCanonicalization()));
    if (failed(pm.run(entry)))
      return failure();
  }
  if (!policyName.empty()) {
    PassManager pm(&context, func::FuncOp::getOperationName());
    std::optional<remat::Policy> policy =
        remat::parseEnumName<remat::Policy>(policyName);
    if (!policy) {
      llvm::errs() << "remat-compile: unknown policy '" << policyName
                   << "'; expected "
                   << remat::listEnumValues<remat::Policy>() << "\n";
      return failure();
    }
    remat::RematerializeOptions options;
    options.policy = *policy;
    options.device = deviceName;
    options.budget = budget;
    options.maxOverhead = maxOverhead;
    options.offload = offload;
    options.hostBudget = hostBudget;
    options.costProfile = costProfile;
    options.report = reportFile;
    pm.addPass(remat::createRematerialize(options));
    if (failed(pm.run(entry)))
      return failure();
  }

  std::vector<ArgInfo> args, results;
  for (auto [i, arg] : llvm::enumerate(entry.getArguments())) {
    std::optional<ArgInfo> info = describe(arg.getType());
    if (!info)
      return entry.emitError("argument #")
             << i << " has type " << arg.getType()
             << "; remat-compile supports statically shaped tensors (rank "
                "<= 8) of f32, f16, bf16, i32 or i64";
    info->labelRange = labelRangeOf(arg);
    args.push_back(*info);
  }
  for (auto [i, type] : llvm::enumerate(entry.getResultTypes())) {
    std::optional<ArgInfo> info = describe(type);
    if (!info)
      return entry.emitError("result #")
             << i << " has type " << type
             << "; remat-compile supports statically shaped tensors (rank "
                "<= 8) of f32, f16, bf16, i32 or i64";
    results.push_back(*info);
  }
  // Ops of dialects the pipelines do not lower get a clear error up front.
  static const llvm::StringSet<> lowered = {
      "nn",   "arith", "math", "linalg",  "tensor",
      "tosa", "func",  "scf",  "builtin", "remat"};
  WalkResult unsupported = module->walk([&](Operation *op) {
    if (lowered.contains(op->getName().getDialectNamespace()))
      return WalkResult::advance();
    op->emitError("'") << op->getName()
                       << "' cannot be lowered by remat-compile: it lowers "
                          "the nn, TOSA, linalg, tensor, arith and math "
                          "dialects";
    return WalkResult::interrupt();
  });
  if (unsupported.wasInterrupted())
    return failure();

  // Dead ops would count in the plan, but canonicalization deletes them.
  remat::eraseDeadOps(entry.getBody().front());
  if (failed(remat::checkSizes(entry)))
    return failure();
  remat::MemoryPlan memoryPlan(entry.getBody().front());
  uint64_t planPeak = memoryPlan.getPeakBytes();
  uint64_t planHostPeak = memoryPlan.getHostPeakBytes();
  std::string entrySym = entry.getSymName().str();
  entry->setAttr("llvm.emit_c_interface", UnitAttr::get(&context));

  std::vector<SourceOp> timedOps;
  if (profileOps)
    timedOps = instrumentOps(*module, entry);
  // --gemm=auto: a copy of the entry keeps generated GEMM kernels for a
  // machine without libcublasLt; the driver picks one at run time. Both run
  // the same plan, and the kernels they share are compiled once.
  std::string fallbackSym;
  if (targetName == "cuda" && gemm == "auto") {
    fallbackSym = entrySym + "_generated_gemm";
    if (module->lookupSymbol(fallbackSym))
      return entry.emitError("--gemm=auto needs the name @")
             << fallbackSym << " for the entry's generated-GEMM copy; it is "
             << "taken (rename it, or pass --gemm=cublas or generated)";
    auto copy = cast<func::FuncOp>(entry->clone());
    copy.setSymName(fallbackSym);
    copy->setAttr(remat::RematDialect::kGeneratedGemmAttrName,
                  UnitAttr::get(&context));
    module->insert(std::next(Block::iterator(entry)), copy);
  }
  std::string driver = generateDriver(entrySym, args, results, planPeak,
                                      planHostPeak, timedOps, fallbackSym);
  if (emitKind == "driver")
    return writeFile(outputFilename, driver);

  llvm::StringMap<SourceOp> sources = collectSourceOps(entry);
  PassManager pm(&context);
  if (targetName == "cuda") {
    remat::CUDAPipelineOptions pipelineOptions;
    pipelineOptions.fuseElementwise = fuseElementwise;
    pipelineOptions.gemmLibrary = gemm != "generated";
    pipelineOptions.warpReductions = reductionsKind == "parallel";
    pipelineOptions.tiledGemm = reductionsKind == "parallel";
    if (emitKind == "cubin")
      pipelineOptions.format = "bin";
    else if (emitKind == "ptx")
      pipelineOptions.format = "isa";
    remat::buildCUDAPipeline(pm, pipelineOptions);
  } else {
    remat::CPUPipelineOptions pipelineOptions;
    pipelineOptions.fuseElementwise = fuseElementwise;
    pipelineOptions.emulateGPUMapping = emulateGPUMapping;
    pipelineOptions.gemmLibrary = gemm == "blas";
    pipelineOptions.approximateMath = mathKind == "approx";
    remat::buildCPUPipeline(pm, pipelineOptions);
  }
  if (failed(pm.run(*module)))
    return failure();
  if (targetName == "cuda" && emitKind == "exe") {
    std::string table;
    llvm::raw_string_ostream os(table);
    os << llvm::formatv("{0:2}", llvm::json::Value(
                                     kernelTable(*module, entrySym, sources)))
       << "\n";
    if (failed(writeFile(outputFilename + ".kernels.json", table)))
      return failure();
  }
  if (emitKind == "cubin" || emitKind == "ptx") {
    // The kernels are one module (remat-merge-gpu-modules): one object.
    SmallVector<gpu::BinaryOp> binaries(module->getOps<gpu::BinaryOp>());
    if (binaries.size() != 1 || binaries.front().getObjects().size() != 1) {
      module->emitError("expected one kernel binary with one object, found ")
          << binaries.size() << " binaries";
      return failure();
    }
    auto object = cast<gpu::ObjectAttr>(binaries.front().getObjects()[0]);
    return writeFile(outputFilename, object.getObject().getValue());
  }
  if (emitKind == "mlir") {
    std::string s;
    llvm::raw_string_ostream os(s);
    module->print(os);
    return writeFile(outputFilename, s);
  }

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule) {
    module->emitError("translation to LLVM IR failed");
    return failure();
  }
  llvmModule->setTargetTriple(
      llvm::Triple(llvm::sys::getDefaultTargetTriple()));
  std::string ir;
  llvm::raw_string_ostream irStream(ir);
  llvmModule->print(irStream, nullptr);
  if (emitKind == "llvm")
    return writeFile(outputFilename, ir);

  SmallString<128> dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("remat-compile", dir)) {
    llvm::errs() << "remat-compile: cannot create a temporary directory: "
                 << ec.message() << "\n";
    return failure();
  }
  SmallString<128> driverPath(dir), llPath(dir);
  llvm::sys::path::append(driverPath, "driver.cpp");
  llvm::sys::path::append(llPath, "model.ll");
  LogicalResult result = success();
  if (failed(writeFile(driverPath, driver)) || failed(writeFile(llPath, ir)) ||
      failed(link(driverPath, llPath)))
    result = failure();
  // Removed on failure too; --keep-temps keeps them for a look.
  if (keepTemps)
    llvm::errs() << "remat-compile: temporaries kept in " << dir << "\n";
  else
    llvm::sys::fs::remove_directories(dir);
  return result;
}

} // namespace

int main(int argc, char **argv) {
  remat::registerVersionPrinter();
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(rematCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "remat-compile: build a training step into a "
                              "self-contained executable\n");

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registry.insert<remat::nn::NNDialect, remat::RematDialect>();
  remat::registerCostExternalModels(registry);
  MLIRContext context(registry);
  // Diagnostics point at the source; printing the op after each one would
  // repeat whole functions.
  context.printOpOnDiagnostic(false);

  std::string error;
  auto input = openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "remat-compile: " << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  return failed(compile(context, sourceMgr)) ? 1 : 0;
}

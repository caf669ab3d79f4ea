//===- OutlineLoopNests.cpp - one function per top-level loop nest --------===//
//
/// Each top-level scf.for / scf.parallel / scf.if of a function body moves
/// into a private, noinline function of its own: its arguments are the
/// values the nest uses from above (constants are cloned instead), its
/// results the nest's. Functions are visited in module order and nests
/// in program order, so the names (@<function>_nest<N>) are deterministic.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/StringMap.h"

namespace remat {
#define GEN_PASS_DEF_OUTLINELOOPNESTS
#include "remat/Conversion/Passes.h.inc"
} // namespace remat

using namespace mlir;
using namespace remat;

namespace {

class Outliner {
public:
  Outliner(ModuleOp module) : module(module), symbols(module) {}

  void outline(func::FuncOp func) {
    lastOutlined = nullptr;
    SmallVector<Operation *> nests;
    for (Operation &op : func.getBody().front())
      if (isa<scf::ForOp, scf::ParallelOp, scf::IfOp>(op))
        nests.push_back(&op);
    unsigned index = 0;
    for (Operation *nest : nests)
      outlineNest(func, nest, index++);
  }

private:
  void outlineNest(func::FuncOp parent, Operation *nest, unsigned index) {
    // Values from above: operands of the nest and values its regions use.
    llvm::SetVector<Value> captured(nest->getOperands().begin(),
                                    nest->getOperands().end());
    getUsedValuesDefinedAbove(nest->getRegions(), captured);
    SmallVector<Value> arguments;
    SmallVector<Operation *> constants;
    for (Value value : captured) {
      Operation *def = value.getDefiningOp();
      if (def && def->hasTrait<OpTrait::ConstantLike>() &&
          def->getNumRegions() == 0)
        constants.push_back(def);
      else
        arguments.push_back(value);
    }

    // Built detached; inserted into the module only if no outlined function
    // has the same code already.
    OpBuilder builder(module.getContext());
    Location loc = nest->getLoc();
    auto type = builder.getFunctionType(ValueRange(arguments).getTypes(),
                                        nest->getResultTypes());
    auto callee = func::FuncOp::create(builder, loc, "nest", type);
    callee.setPrivate();
    // LLVM must not inline it back: LLVM functions take no_inline as the
    // passthrough attribute that func-to-llvm carries over.
    callee->setAttr("passthrough",
                    builder.getArrayAttr({builder.getStringAttr("noinline")}));
    Block *body = callee.addEntryBlock();
    builder.setInsertionPointToStart(body);
    IRMapping mapping;
    for (auto [value, arg] : llvm::zip_equal(arguments, body->getArguments()))
      mapping.map(value, arg);
    for (Operation *constant : constants)
      builder.clone(*constant, mapping);
    Operation *clone = builder.clone(*nest, mapping);
    func::ReturnOp::create(builder, loc, clone->getResults());

    // The same nest (same ops, types and constants: a layer's GELU in every
    // layer) is compiled once: later copies call the first. The key is the
    // function printed under its placeholder name, in its own scope.
    std::string key;
    llvm::raw_string_ostream(key) << OpWithFlags(
        callee, OpPrintingFlags().printGenericOpForm().useLocalScope());
    auto [it, inserted] = byBody.try_emplace(key, callee);
    if (inserted) {
      callee.setSymName(
          (parent.getSymName() + "_nest" + std::to_string(index)).str());
      // After the parent's earlier nests: module order follows program
      // order. Renamed on a clash.
      Operation *after = lastOutlined ? lastOutlined : parent;
      symbols.insert(callee, std::next(Block::iterator(after)));
      lastOutlined = callee;
    } else {
      callee.erase();
      callee = it->second;
    }

    builder.setInsertionPoint(nest);
    auto call = func::CallOp::create(builder, loc, callee, arguments);
    nest->replaceAllUsesWith(call.getResults());
    nest->erase();
  }

  ModuleOp module;
  SymbolTable symbols;
  Operation *lastOutlined = nullptr;
  /// Outlined functions by their printed body and type.
  llvm::StringMap<func::FuncOp> byBody;
};

struct OutlineLoopNestsPass
    : public remat::impl::OutlineLoopNestsBase<OutlineLoopNestsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> funcs;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && func.getBody().hasOneBlock())
        funcs.push_back(func);
    Outliner outliner(module);
    for (func::FuncOp func : funcs)
      outliner.outline(func);
  }
};

} // namespace

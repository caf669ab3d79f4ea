//===- CostOpInterface.td - FLOPs and bytes of an op --------*- tablegen -*-===//
//
// The cost op interface: what an op costs to execute (and so to recompute).
// The cost model (remat/Analysis/CostModel.h) turns these figures into an
// estimated time on a device; the rematerialization policies use both.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_COSTOPINTERFACE
#define REMAT_ANALYSIS_COSTOPINTERFACE

include "mlir/IR/OpBase.td"

def Remat_CostOpInterface : OpInterface<"CostOpInterface"> {
  let description = [{
    An op that knows its floating-point work and its memory traffic for its
    static shapes. FLOPs count a fused multiply-add as two. Bytes read and
    written default to the sizes of the op's tensor operands and results; an op
    that reads less (a view) or more overrides them.

    The op class selects the device's peak rate: `Gemm` ops run at the
    tensor-core rate of their element type, everything else at the vector rate.
    A `View` op launches no kernel and moves no bytes.
  }];
  let cppNamespace = "::remat";

  let methods = [
    InterfaceMethod<"Floating-point operations to execute the op once.",
      "uint64_t", "getFlops">,
    InterfaceMethod<"Class of the op for the device's peak rate.",
      "::remat::OpClass", "getOpClass", (ins), [{}], [{
        return ::remat::OpClass::Elementwise;
      }]>,
    InterfaceMethod<"Bytes the op reads from memory.",
      "uint64_t", "getBytesRead", (ins), [{}], [{
        return ::remat::sumTensorBytes($_op->getOperands());
      }]>,
    InterfaceMethod<"Bytes the op writes to memory.",
      "uint64_t", "getBytesWritten", (ins), [{}], [{
        return ::remat::sumTensorBytes($_op->getResults());
      }]>,
  ];
}

#endif // REMAT_ANALYSIS_COSTOPINTERFACE

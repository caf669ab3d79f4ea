//===- RematEnums.td - the enumerated options of remat --------*- tablegen -*-===//
//
// Each enum's C++ type, symbolize<Enum>(StringRef) and stringify<Enum>(Enum)
// are generated from here (RematEnums.h.inc); the pass options of
// --rematerialize are typed with them (RematEnums.h, Passes.td), so the
// spelling of each value lives in one place.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_REMATENUMS
#define REMAT_ANALYSIS_REMATENUMS

include "mlir/IR/EnumAttr.td"

def Remat_Policy : I32Enum<"Policy", "rematerialization policy", [
    I32EnumCase<"None", 0, "none">,
    I32EnumCase<"Full", 1, "full">,
    I32EnumCase<"Sqrt", 2, "sqrt">,
    I32EnumCase<"Selective", 3, "selective">,
    I32EnumCase<"Dots", 4, "dots">,
    I32EnumCase<"DotsNoBatch", 5, "dots-no-batch">,
    I32EnumCase<"Auto", 6, "auto">,
    I32EnumCase<"Offload", 7, "offload">]> {
  let cppNamespace = "::remat";
}

def Remat_SolverMethod : I32Enum<"SolverMethod",
    "how auto's frontier is computed", [
    I32EnumCase<"Auto", 0, "auto">,
    I32EnumCase<"Search", 1, "search">,
    I32EnumCase<"Exact", 2, "exact">]> {
  let cppNamespace = "::remat";
}

def Remat_Certificate : I32Enum<"Certificate",
    "how the report's lower bound on the recompute time is found", [
    I32EnumCase<"Auto", 0, "auto">,
    I32EnumCase<"Cover", 1, "cover">,
    I32EnumCase<"MILP", 2, "milp">]> {
  let cppNamespace = "::remat";
}

def Remat_ResultBuffers : I32Enum<"ResultBuffers",
    "when a function's results occupy memory", [
    I32EnumCase<"Defined", 0, "defined">,
    I32EnumCase<"Preallocated", 1, "preallocated">,
    I32EnumCase<"Lent", 2, "lent">]> {
  let cppNamespace = "::remat";
}

#endif // REMAT_ANALYSIS_REMATENUMS

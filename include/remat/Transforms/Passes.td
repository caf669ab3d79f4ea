//===- Passes.td - remat's passes ---------------------------*- tablegen -*-===//
#ifndef REMAT_TRANSFORMS_PASSES
#define REMAT_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def NNAutodiff : Pass<"nn-autodiff", "::mlir::func::FuncOp"> {
  let summary = "Turn a forward function returning a scalar loss into a "
                "joint forward+backward function";
  let description = [{
    Reverse-mode differentiation of a forward function whose single result
    is a scalar loss. The ops of the body are visited in reverse; each op
    through which a gradient flows from the loss back to a differentiated
    argument builds its vector-Jacobian product through `VJPOpInterface`
    (every nn forward op implements it), and gradients reaching a value
    along several uses are summed with `nn.add`. The backward ops are placed
    after the forward ops, seeded with `arith.constant dense<1.0>`, and the
    function then returns `(loss, d_arg...)`: a joint function as
    `--rematerialize` expects it.

    `wrt` lists the arguments to differentiate (by position; gradients are
    returned in that order); by default every statically shaped argument of
    floating-point tensor type, in argument order (integer labels are left
    out). An argument the loss does not depend on gets a zero gradient.

    ```mlir
    func.func @f(%x: tensor<4x8xf32>, %t: tensor<4x8xf32>) -> tensor<f32> {
      %y = nn.gelu %x : tensor<4x8xf32>
      %l = nn.mse_loss %y, %t : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<f32>
      return %l : tensor<f32>
    }
    ```

    becomes a function returning `(%l, %dx, %dt)` with `nn.mse_loss_grad`,
    `nn.gelu_grad` and `nn.scale {factor = -1.0}` (the target's gradient)
    after the forward ops. Errors: a function without exactly one scalar
    floating-point result, an op on the gradient path without a
    vector-Jacobian product (naming it), a gradient through layernorm's mean
    or rstd.
  }];
  let options = [
    ListOption<"wrt", "wrt", "unsigned",
               "positions of the arguments to differentiate (default: every "
               "floating-point tensor argument)">,
  ];
  let dependentDialects = ["::remat::nn::NNDialect",
                           "::mlir::arith::ArithDialect"];
}

def Rematerialize : Pass<"rematerialize", "::mlir::func::FuncOp"> {
  let summary = "Drop saved activations of a joint function and recompute "
                "them in the backward pass";
  let description = [{
    Works on a joint forward+backward function whose result 0 is the loss.
    Forward ops are the transitive producers of result 0, every other op is a
    backward op, and a saved activation is a forward value used by a backward
    op. A policy decides which saved activations to keep; each of the others
    gets a clone of its producer chain (back to kept values or arguments)
    placed just before its first backward use and shared by all its backward
    uses, so the forward original dies at its last forward use.

    Policies:
    * `none`: keep every saved activation (eager PyTorch).
    * `full`: keep only the inputs of each checkpoint block (`remat.block`),
      recompute everything else per block (`torch.utils.checkpoint`).
    * `sqrt`: like `full` with checkpoints at every ceil(sqrt(N))-th block.
    * `selective`: recompute a saved activation when its recompute FLOPs per
      byte freed stay below the device's ridge point (GEMM peak over memory
      bandwidth) times `selective-threshold`: the memory-heavy, compute-cheap
      ops (softmax, dropout, layernorm, GELU, attention scores), while GEMM
      outputs whose recompute would cost real time are kept, and so are the
      values that leave their checkpoint block (recompute stays within a
      block, as Megatron-LM's does within a layer).
    * `dots`: keep what the matrix multiplies (GEMM-class ops) compute and
      the values that leave their checkpoint block; recompute the rest (JAX's
      `dots_saveable` under `jax.checkpoint` per layer).
    * `auto`: the optimizer. It computes the Pareto frontier of plans (peak
      bytes against estimated recompute time) by simulating the rewrite, and
      takes the cheapest plan whose peak is at most `budget`, or with
      `max-overhead` the lowest peak whose recompute time is at most that
      fraction of the step's estimated time.

    `budget` is a hard bound under every policy: a plan above it is an error
    that states the smallest peak remat can reach. `pareto=true` adds the
    frontier to the report.

    `remat.policy = "save"` / `"recompute"` on an op overrides every policy.
    Ops with side effects and function arguments are never recomputed.

    Example (`policy=full`): the GELU output `%h` is recomputed from the kept
    block input right before `nn.matmul` in the backward pass needs it.

    ```mlir
    %h = nn.gelu %a {remat.block = 0 : i64} : tensor<8x16xf32>
    ...
    %h_r = nn.gelu %a {remat.block = 0 : i64} : tensor<8x16xf32>
    %dw = nn.matmul %h_r, %dy {transpose_a} : ...
    ```

    With `report=<file>` (or `-` for standard output) the pass writes a JSON
    report: baseline (policy none) and result peak bytes, saved-activation
    bytes, FLOPs, recompute FLOPs and estimated time, and one decision per
    saved activation. See docs/Rematerialize.md.
  }];
  let options = [
    Option<"policy", "policy", "::remat::Policy",
           /*default=*/"::remat::Policy::Selective",
           "none, full, sqrt, selective, dots, dots-no-batch, offload or "
           "auto">,
    Option<"device", "device", "std::string", /*default=*/"\"h200\"",
           "device of the cost model: h200, h100, gh200, a100 or cpu">,
    Option<"deviceFile", "device-file", "std::string", /*default=*/"\"\"",
           "JSON device description (overrides device=)">,
    Option<"costProfile", "cost-profile", "std::string", /*default=*/"\"\"",
           "JSON profile of measured op times (remat-compile --profile-ops) "
           "used in place of the roofline for the ops it covers">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "write the JSON report to this file ('-' for standard output)">,
    Option<"budget", "budget", "std::string", /*default=*/"\"\"",
           "bound on the plan's peak bytes, e.g. 12GiB, 500MB or 1048576">,
    Option<"maxOverhead", "max-overhead", "std::string", /*default=*/"\"\"",
           "auto: the most estimated recompute time, as a fraction of the "
           "step's (0.05 or 5%)">,
    Option<"offload", "offload", "bool", /*default=*/"false",
           "auto: saved values may also be offloaded to host memory between "
           "their last forward read and their first backward read (needs a "
           "device with a host link)">,
    Option<"hostBudget", "host-budget", "std::string", /*default=*/"\"\"",
           "bound on the bytes offloaded values hold in host memory at once "
           "(implies offload=true)">,
    Option<"solver", "solver", "::remat::SolverMethod",
           /*default=*/"::remat::SolverMethod::Auto",
           "how auto's frontier is computed: exact (every plan of the "
           "decision space simulated), search (the heuristic) or auto "
           "(exact where that is cheap)">,
    Option<"reclone", "reclone", "bool", /*default=*/"true",
           "auto: plans may recompute a saved activation a second time, "
           "for the backward ops after the widest gap between its reads, "
           "instead of holding one clone across that gap">,
    Option<"inferBlocks", "infer-blocks", "bool", /*default=*/"false",
           "where no forward op has a remat.block mark, selective, dots and "
           "dots-no-batch also keep the boundaries of the layers found in "
           "the forward's repeated structure, as full and sqrt always do "
           "(imported IR planned as remat.torch's marked nn IR is); by "
           "default they apply to the whole function, as a framework's "
           "policy does">,
    Option<"skipUseless", "skip-useless", "bool", /*default=*/"true",
           "fixed policies: where the policy's plan peaks at policy none's "
           "peak (its recomputes lower no peak), take policy none's plan "
           "instead of paying for nothing; false applies the policy as "
           "stated">,
    Option<"resultBuffers", "result-buffers", "::remat::ResultBuffers",
           /*default=*/"::remat::ResultBuffers::Defined",
           "when the function's results occupy memory: defined (from the op "
           "that defines them), preallocated (from the start, as XLA "
           "allocates a computation's outputs) or lent (preallocated, and "
           "lent to temporaries that end before the result is written, as "
           "XLA's buffer assignment does)">,
    Option<"certificate", "certificate", "::remat::Certificate",
           /*default=*/"::remat::Certificate::Auto",
           "how the report's lower bound on the recompute time is found: "
           "cover (each over-peak op alone, and pairs), milp (then all of "
           "them jointly, by CBC, unless the covers prove the plan optimal) "
           "or auto (milp where the covers leave a gap above 1% and remat "
           "was built with CBC)">,
    Option<"certificateSeconds", "certificate-seconds", "double",
           /*default=*/"1.0",
           "the most seconds the certificate's MILP may run per function "
           "(0: not at all)">,
    Option<"pareto", "pareto", "bool", /*default=*/"false",
           "add the Pareto frontier of plans to the report">,
    Option<"repeat", "repeat", "unsigned", /*default=*/"1",
           "the function is one iteration of a loop run this many times "
           "(a rolled scan's body): every iteration's forward runs before "
           "the first backward, so a plan's peak counts the bytes its "
           "forward holds into the backward repeat - 1 more times">,
    Option<"timeline", "timeline", "bool", /*default=*/"false",
           "add the bytes live at each op, before and after the rewrite, "
           "to the report (python3 -m remat.plot draws them)">,
    Option<"selectiveThreshold", "selective-threshold", "std::string",
           /*default=*/"\"1\"",
           "selective: recompute when recompute FLOPs per byte freed are at "
           "most this many times the device's ridge point">,
    Option<"fence", "fence", "std::string", /*default=*/"\"\"",
           "an optimization barrier (<dialect>.optimization_barrier) that "
           "each value a recompute chain reads without recomputing it goes "
           "through, so that a downstream compiler's CSE does not merge the "
           "clones back into the forward: util.optimization_barrier for "
           "IREE, stablehlo.optimization_barrier for XLA (empty: none)">,
  ];
  let statistics = [
    Statistic<"numPlans", "plans", "plans made (the policy's and the fixed "
              "policies' plans it starts from or is held to)">,
    Statistic<"numSimulations", "simulations",
              "plans simulated (PlanSimulator)">,
    Statistic<"numBoundEvaluations", "bound-evaluations",
              "evaluations of the certificate's recompute-time bound">,
    Statistic<"numFrontierPoints", "frontier-points",
              "points on auto's Pareto frontiers">,
  ];
  // Offloading plans create remat.offload and remat.prefetch, in functions
  // that may hold no op of the remat dialect (torch-mlir's imports).
  let dependentDialects = ["::remat::RematDialect"];
}

def PrintMemoryPlan : Pass<"remat-print-memory-plan", "::mlir::func::FuncOp"> {
  let summary = "Report the memory plan of each function as remarks";
  let description = [{
    Computes the liveness and peak bytes of each function under remat's memory
    semantics (docs/MemoryPlan.md) and emits remarks: on the function, its
    peak, argument and saved-activation bytes; on the op where the peak is
    reached, the live bytes there; and on the defining op of each saved
    activation of a joint function, its bytes. Use it in tests with
    `-verify-diagnostics` or to see what a model keeps alive.

    ```
    remark: peak_bytes = 1536, argument_bytes = 512, saved_activation_bytes = 512 (2 values)
    ```
  }];
}

#endif // REMAT_TRANSFORMS_PASSES

// The nn verifier rejects dynamic and unranked tensors, so an op that
// convert-nn-to-linalg cannot lower only reaches it with verification off
// (as from a producer that skipped the verifier). The pass must name the op
// at its location and fail, not crash.

// RUN: remat-opt %s --mlir-very-unsafe-disable-verifier-on-parsing \
// RUN:   --verify-each=false --convert-nn-to-linalg -split-input-file \
// RUN:   -verify-diagnostics

func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @below {{cannot lower 'nn.gelu' to linalg: operand #0 has type tensor<?x4xf32>, but only statically shaped ranked tensors can be lowered}}
  %y = nn.gelu %x : tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

func.func @unranked(%a: tensor<*xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{cannot lower 'nn.add' to linalg: operand #0 has type tensor<*xf32>}}
  %c = nn.add %a, %b : tensor<*xf32>, tensor<4xf32> -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

func.func @dynamic_result(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>) -> tensor<?x2xf32> {
  // expected-error @below {{cannot lower 'nn.matmul' to linalg: result #0 has type tensor<?x2xf32>}}
  %y = nn.matmul %x, %w : tensor<4x8xf32>, tensor<8x2xf32> -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// -----

// Every unlowerable op is reported, not just the first.
func.func @two(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  // expected-error @below {{cannot lower 'nn.relu'}}
  %a = nn.relu %x : tensor<?xf32>
  // expected-error @below {{cannot lower 'nn.softmax'}}
  %b = nn.softmax %y : tensor<?xf32>
  return %a, %b : tensor<?xf32>, tensor<?xf32>
}

// -----

// nn.generic (a framework op the planner sees) has no lowering.
func.func @generic(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{cannot lower 'nn.generic' to linalg: it stands for the framework op 'aten.exp.default', which remat plans but does not compile}}
  %e = nn.generic "aten.exp.default" %x : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

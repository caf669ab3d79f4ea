"""A plan applied to a JAX function: `_plan` plans a converted function
and maps the report's saved values to jaxpr vars; `_Applied` is the plan as
a `jax.custom_vjp` (the forward keeps the saved values, those the plan
offloads in host memory; the backward brings them back and recomputes the
others at their first use, behind optimization barriers); `_outputs` runs
it, the aux and state outputs no differentiated input reaches computed
outside it.
"""

import functools
import math
import os
import warnings

import jax
import numpy as np
from jax.custom_derivatives import SymbolicZero
from jax.extend import core as _core

from .. import _adapter
from .. import planner as _planner
from .convert import _aval_varying, _is_array, _is_var, _numel, _planner_policy

def _varying(x):
    """The manual mesh axes a value varies over inside `shard_map`."""
    return _aval_varying(jax.typeof(x))


def _bits(dtype):
    """Bits per element of a dtype whose values can be reinterpreted as
    another's (`lax.bitcast_convert_type`: floats and integers); 0 for the
    others (bool, complex)."""
    numeric = jax.dtypes.issubdtype(dtype, np.floating) or \
        jax.dtypes.issubdtype(dtype, np.integer)
    return np.dtype(dtype).itemsize * 8 if numeric else 0


def _recast(x, shape, dtype):
    """`x`'s bits as an array of `shape` and `dtype` (the same number of
    bits; `lax.bitcast_convert_type` between element sizes, which adds or
    drops a minor axis)."""
    if x.dtype == dtype:
        return x.reshape(shape)
    have, want = _bits(x.dtype), _bits(dtype)
    if have < want:
        x = x.reshape(-1, want // have)
    else:
        x = x.reshape(-1)
    return jax.lax.bitcast_convert_type(x, dtype).reshape(shape)


def _fence(env, inputs, ties, untied=True, enabled=True):
    """Reads the vars `inputs` through optimization barriers, one per set
    of varying axes (under shard_map a barrier joins its operands' varying
    axes), each also taking the vars of `ties` that vary alike; the ties'
    fenced values replace them in `env`, so that later readers keep the
    barrier (XLA prunes barrier operands whose results are unused). A group
    with no tie is fenced only if `untied`; nothing is fenced unless
    `enabled`. Returns {input: fenced value}."""
    inputs = dict.fromkeys(inputs)
    if not enabled:
        return {a: env[a] for a in inputs}
    groups = {}
    for a in inputs:
        groups.setdefault(_varying(env[a]), []).append(a)
    fenced = {}
    for vma, group in groups.items():
        tie = [f for f in ties if f in env and f not in inputs and _varying(env[f]) == vma]
        if tie or untied:
            values, tied = jax.lax.optimization_barrier(
                ([env[a] for a in group], [env[f] for f in tie]))
            fenced.update(zip(group, values))
            env.update(zip(tie, tied))
    return fenced


def _instantiate(ct):
    """A cotangent as an array: a symbolic zero as zeros of its type
    (varying over the manual axes it varies over, inside shard_map)."""
    if not isinstance(ct, SymbolicZero):
        return ct
    aval = ct.aval
    if aval.dtype == jax.dtypes.float0:
        return np.zeros(aval.shape, jax.dtypes.float0)
    zeros = jax.lax.full(aval.shape, 0, aval.dtype)
    axes = tuple(sorted(_aval_varying(aval)))
    if axes:
        pcast = getattr(jax.lax, "pcast", None)
        zeros = pcast(zeros, axes, to="varying") if pcast else jax.lax.pvary(zeros, axes)
    return zeros


class _Applied:
    """The plan as a `jax.custom_vjp`: the forward evaluates the joint
    jaxpr's forward equations and keeps the saved values; the backward
    evaluates its backward equations in remat's order and recomputes each
    forward value it needs but was not kept, at its first use (once). Each
    recomputation reads its inputs through an `optimization_barrier` whose
    other operands are the backward values computed since the previous
    recomputation (the `frontier`), so XLA can neither merge it with the
    forward's computation (CSE) nor hoist it into the forward, nor start it
    before the backward work remat ordered before it (XLA:CPU would postpone
    weight gradients and keep every layer's recomputed values alive): the
    barrier JAX's own `jax.checkpoint` places per checkpointed region,
    placed per recomputation. Kept values may travel from the forward to
    the backward in the unwritten rows of a stacked gradient
    (`_plan_stowage`).

    Saved values the plan offloads (`offloaded`: {var: the location name of
    the op its prefetch precedes in the plan, or None}) leave the forward
    as residuals in host memory (`jax.device_put` to
    `jax.memory.Space.Host`, JAX's `pinned_host`, as `jax.checkpoint`'s
    offload policies put them) and are put back to device memory in the
    backward where the plan prefetches them (`_plan_prefetch`), through an
    optimization barrier with the backward values computed before it, so
    that XLA cannot move the copy earlier.

    `fenced=False` (a rolled scan's body, remat.jax.rolled): no barriers and
    no stowing. The forward and the backward are then separate loops,
    which XLA cannot merge, and XLA:CPU aborts on some barriers inside a
    loop (an optimization_barrier of small arrays in a while body, with
    cse_barrier_expander disabled: docs/JAX.md).

    `anchor_recomputed=False`: an op that reads only forward values
    recomputed behind a barrier gets a barrier of its own too (as before
    2026-12-06: more, smaller barriers, which XLA sometimes compiles to
    less; the verification tries both, remat.jax.xla._verify_rounds).

    The custom_vjp has symbolic zeros: a cotangent the caller does not
    give (aux, state updates) is a SymbolicZero. Where the caller gives
    one for an output the plan does not differentiate, the backward is
    JAX's own (`_unplanned_grads`), so that no gradient is dropped."""

    def __init__(self, trace, conv, saved, offloaded=None, fenced=True,
                 anchor_recomputed=True):
        self.trace, self.conv = trace, conv
        self.fenced = fenced
        self.anchor_recomputed = anchor_recomputed
        self.saved = list(saved)
        self.offloaded = dict(offloaded or {})
        self.producer = {v: op for op in conv.order for v in op[2]}
        self.fwd_ops = [op for op in conv.order if id(op) in conv.forward]
        self.bwd_ops = [op for op in conv.order if id(op) not in conv.forward]
        jaxpr = conv.jaxpr
        self.n = trace.num_leaves
        self.outputs = conv.results[:trace.num_outputs]
        self.grads = conv.results[trace.num_outputs:]
        self.cotangents = jaxpr.invars[self.n:]
        self.differentiated = set(trace.diff)
        self.leaves = jaxpr.invars[:self.n]
        # Per backward value: the index of the last backward op that reads
        # it (gradients: past the end).
        self.last_read = {}
        for k, op in enumerate(self.bwd_ops):
            for a in op[1]:
                if _is_var(a):
                    self.last_read[a] = k
        for v in self.grads:
            if _is_var(v):
                self.last_read[v] = len(self.bwd_ops)
        self.placed = conv.slice_sums
        self.buffers = set(conv.var_of.values())  # the vars that are IR values of their own
        self.chain_of = {}   # a chain's writes' vars -> the chain (its first write's var)
        self.narrow = [v for v in self.saved if self._narrow(v)]
        self.chains, self.stowed = self._plan_stowage() if fenced else ({}, {})
        self.prefetch_at = self._plan_prefetch()
        fn = jax.custom_vjp(self._primal)
        # (symbolic zeros: _bwd sees which outputs the caller differentiates)
        fn.defvjp(self._fwd, self._bwd, symbolic_zeros=True)
        self.fn = fn

    @staticmethod
    def _write_slice(total, x, lo, pad_eqn, out_aval):
        """`total + pad(x)` (`total` None: zeros) as x written into
        `total` at row `lo`, where the two vary alike."""
        first = total is None
        if first:
            total = jax.lax.full(out_aval.shape, 0, out_aval.dtype)
        if _varying(x) != _varying(total):
            padded = pad_eqn.primitive.bind(x, np.zeros((), out_aval.dtype), **pad_eqn.params)
            return [padded if first else total + padded]
        return [jax.lax.dynamic_update_slice(total, x, (lo,) + (0,) * (x.ndim - 1))]

    def _backward_steps(self):
        """The backward ops as `_bwd` evaluates them: (index, op, its
        in-place write or None), the pads a write absorbs left out, a
        write's inputs the sum so far (if any) and the slice."""
        for k, op in enumerate(self.bwd_ops):
            placed = self.placed.get(id(op))
            if placed == "pad":
                continue
            if placed is not None:
                op = (op[0], [a for a in placed[:2] if a is not None], op[2])
            yield k, op, placed

    @functools.cached_property
    def first_read(self):
        """{saved var: the index of the first backward op whose evaluation
        (with its recomputations) reads it}, as `_bwd` evaluates."""
        return self._reads[0]

    @functools.cached_property
    def _reads(self):
        """(first_read, {forward var: the index of the backward op before
        which `_bwd` recomputes it})."""
        present = set(self.leaves) | set(self.conv.consts) | set(self.saved) | \
            set(self.cotangents)
        saved, first, recomputed = set(self.saved), {}, {}
        for k, op, _ in self._backward_steps():
            missing = self._missing(op[1], present)
            for m in missing + [op]:
                for a in m[1]:
                    if _is_var(a) and a in saved:
                        first.setdefault(a, k)
            for m in missing:
                present.update(m[2])
                recomputed.update((v, k) for v in m[2])
            present.update(op[2])
        return first, recomputed

    def _plan_prefetch(self):
        """{backward op index: the offloaded vars put back to device memory
        before it}: before the op the plan's prefetch precedes (a backward
        op, or a forward op the backward recomputes there), and no later
        than the first backward op that reads the value (also where the
        plan names no op or one the backward has no counterpart of: a
        `write_slice`)."""
        if not self.offloaded:
            return {}
        step_of = {}   # location name -> the backward op index where it is evaluated
        loc_of = {v: loc for (loc, _), v in self.conv.var_of.items()}
        recomputed = self._reads[1]
        for k, op in enumerate(self.bwd_ops):
            for v in op[2]:
                if v in loc_of:
                    step_of.setdefault(loc_of[v], k)
        for v, k in recomputed.items():
            if v in loc_of:
                step_of.setdefault(loc_of[v], k)
        at = {}
        for v, loc in self.offloaded.items():
            if v in self.first_read:
                k = min(step_of.get(loc, self.first_read[v]), self.first_read[v])
                at.setdefault(k, []).append(v)
        return at

    def _plan_stowage(self):
        """Where the forward stows saved values until the backward reads
        them: in the rows of a stacked gradient (an in-place chain of
        `_slice_sums`) that are written after that read. XLA lends an
        output buffer to temporaries only whole and only until its first
        write; a stacked gradient is written from the first layer of the
        backward on, so every value kept for the backward would be in
        temp (where a loop's per-layer gradient buffers hold them until
        their layer's gradients are written). The chain's buffer is then
        made in the forward, the values written into rows whose gradients
        come later (in place), and sliced out where the backward first
        reads them. Returns ({chain (its first write's var): (its aval,
        [(write index, row)])}, {saved var: (chain, the corner and the
        shape of its block in the chain's buffer)}). The environment variable
        REMAT_JAX_STOW=0 turns it off (to measure it)."""
        chains, varying = {}, set()
        for k, op, placed in self._backward_steps():
            if placed is None:
                continue
            total, x, lo, _ = placed
            out = op[2][0]
            c = self.chain_of[out] = out if total is None else self.chain_of[total]
            chains.setdefault(c, (out.aval, []))[1].extend(
                (k, r) for r in range(lo, lo + x.aval.shape[0]))
            if _aval_varying(x.aval) or _aval_varying(out.aval):
                varying.add(c)    # under shard_map, may be written as sums (_write_slice)
        # Rows of rank-2 and rank-3 arrays only: a value is written as a
        # block of a row (no reshape of the buffer, which would cost XLA's
        # in-place update a copy of it).
        chains = {c: ch for c, ch in chains.items() if ch[0].ndim in (2, 3) and c not in varying}
        if not chains or os.environ.get("REMAT_JAX_STOW", "1") == "0":
            return {}, {}
        first = self.first_read
        # (chain, write index, row, next free index along axis 1, its end)
        free = sorted(([c, k, r, 0, aval.shape[1]] for c, (aval, rows) in chains.items()
                       for k, r in rows), key=lambda f: f[1])
        stowed = {}
        # The values read last have the fewest rows to go to: placed first,
        # each in the earliest-written row after its read that has room.
        # A value of another dtype is stowed bit for bit (mixed precision:
        # bf16 activations in the rows of f32 gradients, two to an element).
        for v in sorted((v for v in self.saved if v in first and v not in self.offloaded),
                        key=lambda v: (-first[v], -_numel(v.aval))):
            bits = _numel(v.aval) * _bits(v.aval.dtype)
            if not bits or _aval_varying(v.aval):
                continue
            for f in free:
                aval = chains[f[0]][0]
                unit = math.prod(aval.shape[2:]) * _bits(aval.dtype)
                if f[1] > first[v] and unit and bits % unit == 0 and \
                        f[4] - f[3] >= bits // unit:
                    n = bits // unit
                    stowed[v] = (f[0], (f[2], f[3]) + (0,) * (aval.ndim - 2),
                                 (1, n) + tuple(aval.shape[2:]))
                    f[3] += n
                    break
        used = {s[0] for s in stowed.values()}
        return {c: chains[c] for c in used}, stowed

    def __call__(self, *args):
        return self.trace.call_flat(self.fn, args)

    @staticmethod
    def _eval(op, read):
        eqn, ins = op[0], op[1]
        params = eqn.primitive.get_bind_params(eqn.params)
        with eqn.ctx.manager:
            ans = eqn.primitive.bind(*map(read, ins), **params)
        return ans if eqn.primitive.multiple_results else [ans]

    def _forward(self, flat, stow=None):
        """The forward; with `stow` (a dict), writes the stowed saved
        values into their chains' buffers (`stow[chain]`) as they are
        computed."""
        env = dict(zip(self.leaves, flat))
        env.update(self.conv.consts)

        def read(a):
            return a.val if isinstance(a, _core.Literal) else env[a]
        # The latest buffer of each kind (under shard_map: each set of
        # varying axes).
        latest = {}
        for op in self.fwd_ops:
            if id(op) in self.conv.input_ops:
                # Computed from the inputs alone: XLA:CPU's scheduler would
                # run it first and hold its result through the forward (an
                # unrolled scan's slices of the stacked weights, every
                # layer's at the start). It reads its inputs through a
                # barrier with the latest buffer, so it runs where remat's
                # order (and memory plan) has it.
                fenced = _fence(env, [a for a in op[1] if _is_var(a) and _is_array(a)],
                                list(latest.values()), untied=False, enabled=self.fenced)
                outs = self._eval(op, lambda a: fenced[a] if _is_var(a) and a in fenced
                                  else read(a))
            else:
                outs = self._eval(op, read)
            env.update(zip(op[2], outs))
            for v in op[2]:
                if v in self.buffers:
                    latest[_varying(env[v])] = v
                if stow is not None and v in self.stowed:
                    c, corner, block = self.stowed[v]
                    if c not in stow:
                        aval = self.chains[c][0]
                        stow[c] = jax.lax.full(aval.shape, 0, aval.dtype)
                    stow[c] = jax.lax.dynamic_update_slice(
                        stow[c], _recast(env[v], block, stow[c].dtype), corner)
        return [read(v) for v in self.outputs], env

    def _primal(self, *flat):
        return self._forward(flat)[0]

    def _fwd(self, *primals):
        flat = [p.value for p in primals]   # (CustomVJPPrimal: symbolic zeros)
        stow = {}
        outs, env = self._forward(flat, stow)
        host = jax.memory.Space.Host
        return outs, (tuple(map(self._hide, self.leaves, flat)),
                      tuple(jax.device_put(env[v], host) if v in self.offloaded
                            else self._hide(v, env[v])
                            for v in self.saved if v not in self.stowed),
                      tuple(stow[c] for c in self.chains))

    def _hide(self, v, x):
        """A residual (kept value or input `v`, its value `x`) as the
        forward hands it to the backward: in a rolled scan's body
        (unfenced), a float narrower than f32 as the unsigned integers of
        its bits. JAX's scan stacks the residuals across the iterations;
        XLA:CPU computes bf16 arithmetic in f32 and moved the upcast of
        each stacked bf16 residual out of the backward loop, converting
        the whole stack to f32 between the loops (16 MiB copies on the
        4-layer bf16 decoder of benchmarks/jax_zoo.py: its step 182.8 MiB
        under policy none, 146.8 with the bits). As integers the stack
        has no upcast to move: each iteration converts its own slice."""
        if self._as_bits(v):
            return jax.lax.bitcast_convert_type(x, np.dtype(f"uint{_bits(x.dtype)}"))
        return x

    def _unhide(self, v, x):
        """The residual `_hide` handed over, as the backward reads it."""
        return jax.lax.bitcast_convert_type(x, v.aval.dtype) if self._as_bits(v) else x

    def _as_bits(self, v):
        return not self.fenced and self._narrow(v) and v not in self.offloaded

    @staticmethod
    def _narrow(v):
        dtype = v.aval.dtype
        return 0 < _bits(dtype) < 32 and jax.dtypes.issubdtype(dtype, np.floating)

    def _bwd(self, residuals, cts):
        flat, saved, buffers = residuals
        flat = tuple(map(self._unhide, self.leaves, flat))
        if self._differentiates_aux(cts):
            return self._unplanned_grads(flat, cts)
        stowed = self.stowed
        env = dict(zip(self.leaves, flat))
        env.update(self.conv.consts)
        env.update((v, self._unhide(v, x)) for v, x in
                   zip([v for v in self.saved if v not in stowed], saved))
        # Each stowed chain's current value (its buffer until the first
        # write, then the latest write's var), and the stowed values by the
        # backward op that first reads them.
        current = {}
        for c, buf in zip(self.chains, buffers):
            env[("stow", c)] = buf
            current[c] = ("stow", c)
        unstow = {}
        for v in stowed:
            unstow.setdefault(self.first_read[v], []).append(v)
        # Kept values narrower than f32 are read through a barrier where the
        # backward first reads them: XLA:CPU computes a bf16 dot in f32
        # (float normalization), and CSE then shares one upcast of a kept
        # value between its forward and backward dots, holding an f32 copy
        # (twice its bytes) in between, outside remat's plan.
        narrow_at = {}
        for v in self.narrow:
            if v not in stowed and v in self.first_read:
                narrow_at.setdefault(self.first_read[v], []).append(v)
        for k, v in zip(self.trace.diff_out, self.cotangents):
            env[v] = _instantiate(cts[k])
        forward_side = set(env) - set(self.cotangents)   # values from before the backward
        # Forward values recomputed in the backward: made after a barrier
        # tied to the frontier, so an op that reads them (and nothing else
        # of the backward) cannot run before that barrier: it needs no
        # barrier of its own.
        recomputed = set()
        # Backward vars computed since the last recomputation, and the
        # latest of each kind from before it.
        frontier = list(self.cotangents)[:1]

        def read(a):
            return a.val if isinstance(a, _core.Literal) else env[a]
        for k, op, placed in self._backward_steps():
            if k in self.prefetch_at:
                tie = self._read_later(frontier, k)
                self._prefetch(self.prefetch_at[k], env, tie)
                frontier = self._latest(tie, env)
            if k in unstow:
                # The stowed values this op (or its recomputation) reads first.
                tie = self._read_later(frontier, k)
                self._unstow(unstow[k], env, current, tie)
                frontier = self._latest(tie, env)
            if k in narrow_at:
                tie = self._read_later(frontier, k)
                env.update(_fence(env, narrow_at[k], tie, enabled=self.fenced))
                frontier = self._latest(tie, env)
            missing = self._missing(op[1], env)
            early = [a for a in op[1] if _is_var(a) and a in forward_side
                     and a not in recomputed]
            anchored = any(_is_var(a) and a in env and (a not in forward_side or a in recomputed)
                           for a in op[1])
            if missing or (early and not anchored):
                # The frontier values read later: tying them
                # to the barrier costs no memory, and orders it after the
                # others too, whose results lead to them.
                tie = self._read_later(frontier, k)
                self._recompute(op, missing, env, forward_side, tie)
                if self.anchor_recomputed:
                    recomputed.update(v for m in missing for v in m[2])
                frontier = self._latest(tie, env)
            if placed is None:
                outs = self._eval(op, read)
            else:
                total, x, lo, pad_eqn = placed
                if total is None and op[2][0] in current:
                    total = current[op[2][0]]
                outs = self._write_slice(None if total is None else read(total), read(x), lo,
                                         pad_eqn, op[2][0].aval)
                c = self.chain_of.get(op[2][0])
                if c in current:
                    current[c] = op[2][0]
            env.update(zip(op[2], outs))
            if anchored:
                frontier += [v for v in op[2] if _is_array(v)]
        return self._per_input(read(v) for v in self.grads)

    def _per_input(self, grads):
        """The backward's result: the gradients of the differentiated
        inputs, in order, and float0 zeros for the others."""
        grads = iter(grads)
        return tuple(next(grads) if i in self.differentiated else
                     np.zeros(a.shape, jax.dtypes.float0)
                     for i, a in enumerate(self.trace.closed.in_avals))

    def _differentiates_aux(self, cts):
        """Whether the caller differentiates a floating-point output the
        plan does not (aux, a state update written back into the
        arguments): its cotangent is no symbolic zero."""
        planned = set(self.trace.diff_out)
        return any(k not in planned and not isinstance(ct, SymbolicZero) and
                   jax.dtypes.issubdtype(ct.dtype, np.inexact) for k, ct in enumerate(cts))

    def _unplanned_grads(self, flat, cts):
        """The gradients where the caller differentiates an output the plan
        does not (_differentiates_aux): JAX's own vjp of the traced
        function, its forward recomputed from the inputs (as
        `jax.checkpoint` of the whole function), so that no cotangent is
        dropped."""
        warnings.warn("remat: the caller differentiates an output of the function that its plan "
                      "does not (has_aux's aux, or a state update written into the arguments): "
                      "its gradients are JAX's own, the forward recomputed in the backward, not "
                      "the plan's", stacklevel=2)
        diff = sorted(self.differentiated)
        run = _core.jaxpr_as_fun(self.trace.closed)

        def f(*primals):
            full = list(flat)
            for i, p in zip(diff, primals):
                full[i] = p
            return run(*full)
        _, pull = jax.vjp(f, *[flat[i] for i in diff])
        return self._per_input(pull([_instantiate(c) for c in cts]))

    def _read_later(self, frontier, k):
        """The frontier values that backward ops from the k-th on read: a
        barrier at the k-th op ties them. Not the gradients the step only
        returns: tied, each would leave its barrier's result tuple (XLA keeps
        a pointer table per tuple) live to the end of the step, and XLA
        schedules their ops well without (docs/JAX.md, "Apply")."""
        return [f for f in frontier if len(self.bwd_ops) > self.last_read.get(f, -1) >= k]

    @staticmethod
    def _latest(tie, env):
        """The frontier after a barrier: the latest of each kind (under
        shard_map: each set of varying axes) of the values tied to it
        stays, so that the next barrier has one to wait for even if no such
        value is computed before it."""
        latest = {}
        for f in tie:
            latest[_varying(env[f])] = f
        return list(latest.values())

    @staticmethod
    def _prefetch(values, env, tie):
        """Puts the offloaded `values` (in host memory in `env`) back to
        device memory, their host copies read through an optimization
        barrier with the backward values of `tie` (XLA's host offloader
        lets a host value pass a barrier), so that the copy starts no
        earlier than where the plan prefetches it."""
        fenced = _fence(env, values, tie, untied=False)
        for v in values:
            env[v] = jax.device_put(fenced.get(v, env[v]), jax.memory.Space.Device)

    def _unstow(self, values, env, current, tie):
        """Slices the stowed `values` out of their chains' current values
        behind an optimization barrier with the backward values of `tie`
        (so that XLA does not slice them early and hold the copies), and
        passes the chains on through a second barrier with the slices, so
        that the writes that follow cannot overwrite a row before it is
        read."""
        keys = list(dict.fromkeys(current[self.stowed[v][0]] for v in values))  # chains' values
        bufs, tied = jax.lax.optimization_barrier(([env[k] for k in keys],
                                                   [env[f] for f in tie]))
        env.update(zip(keys, bufs))
        env.update(zip(tie, tied))
        out = []
        for v in values:
            _, corner, block = self.stowed[v]
            out.append(_recast(jax.lax.slice(env[current[self.stowed[v][0]]], corner,
                                             tuple(a + b for a, b in zip(corner, block))),
                               v.aval.shape, v.aval.dtype))
        bufs, out = jax.lax.optimization_barrier(([env[k] for k in keys], out))
        env.update(zip(keys, bufs))
        env.update(zip(values, out))

    def _missing(self, ins, env):
        """The forward ops to rerun for `ins`, in order."""
        todo, seen = [], set()

        def visit(v):
            if not _is_var(v) or v in env:
                return
            op = self.producer[v]
            if id(op) in seen:
                return
            seen.add(id(op))
            for a in op[1]:
                visit(a)
            todo.append(op)
        for a in ins:
            visit(a)
        return todo

    def _recompute(self, op, missing, env, forward_side, frontier):
        """Reruns `missing`, and lets `op` read its forward-side inputs,
        through optimization barriers that also take the backward values
        computed since the previous recomputation that are read later (the
        vars `frontier`). The barrier's outputs replace all of them in
        `env`: later ops read the fenced values, so XLA can neither drop
        the frontier from the barrier (it prunes barrier operands whose
        results are unused) nor run the barrier, and the recomputation
        after it, before the frontier."""
        made = {v for m in missing for v in m[2]}
        inputs = dict.fromkeys(a for m in missing + [op] for a in m[1]
                               if _is_var(a) and a in forward_side and a not in made
                               and _is_array(a))
        env.update(_fence(env, inputs, frontier, enabled=self.fenced))

        def read(a):
            return a.val if isinstance(a, _core.Literal) else env[a]
        for m in missing:
            env.update(zip(m[2], self._eval(m, read)))
            forward_side.update(m[2])


def _independent_outputs(trace, differentiated):
    """The aux and state outputs of the traced function (not its value:
    `trace.diff_out`) that no differentiated input (the leaf indices
    `differentiated`, the caller's differentiation's tracers; none: every
    output is the plan's), no closed-over value and no equation with
    effects leads to: a state update or aux computed from the other
    inputs alone (an RNG count, a step counter). `_outputs` computes them
    outside the plan's custom_vjp, as the function would, so that they are
    no tracers of the caller's differentiation (every output of a
    custom_vjp is one: one written into a dict argument inside jax.grad
    would escape it)."""
    if not differentiated:
        return []
    jaxpr = trace.closed.jaxpr
    reached = {jaxpr.invars[i] for i in differentiated} | set(jaxpr.constvars)
    for eqn in jaxpr.eqns:
        if eqn.effects or any(_is_var(a) and a in reached for a in eqn.invars):
            reached.update(eqn.outvars)
    value = set(trace.diff_out)
    return [k for k, v in enumerate(jaxpr.outvars)
            if k not in value and not (_is_var(v) and v in reached)]


def _outputs(info, independent, leaves):
    """The flat outputs of the planned function at `leaves`: the plan's,
    but the `independent` ones (_independent_outputs) evaluated from the
    traced jaxpr's equations they need."""
    flat = list(info.apply().fn(*leaves))
    if independent:
        jaxpr = info.trace.closed.jaxpr
        needed = {jaxpr.outvars[k] for k in independent if _is_var(jaxpr.outvars[k])}
        eqns = []
        for eqn in reversed(jaxpr.eqns):
            if any(v in needed for v in eqn.outvars):
                eqns.append(eqn)
                needed.update(a for a in eqn.invars if _is_var(a))
        env = dict(zip(jaxpr.invars, leaves))

        def read(a):
            return a.val if isinstance(a, _core.Literal) else env[a]
        for eqn in reversed(eqns):
            op = (eqn, eqn.invars, eqn.outvars)
            env.update(zip(eqn.outvars, _Applied._eval(op, read)))
        for k in independent:
            flat[k] = read(jaxpr.outvars[k])
    return flat


def _plan(prepared, o):
    """The plan of a _prepare()d function under options `o` (which differ
    from the preparation's in the budget at most): a new PlanInfo sharing
    its trace and IR, applied (`apply()`) by an `_Applied`. `offloaded`:
    the saved vars the plan offloads to host memory; `offload_note`: what
    XLA does with them where it keeps them in device memory (XLA:CPU)."""
    info = _adapter.PlanInfo(prepared.signature)
    info.options = o
    info.trace, info.converted = prepared.trace, prepared.converted
    info.num_ops, info.ir = prepared.num_ops, prepared.ir
    info.memory, info.memory_note = prepared.memory, prepared.memory_note
    info.times.update((k, prepared.times[k]) for k in ("trace", "convert"))
    report = _planner.plan(info.ir, policy=_planner_policy(o), budget=o["budget"],
                           max_overhead=o["max_overhead"], device=o["device"],
                           result_buffers=("preallocated" if o["result_buffers"] == "auto"
                                           else o["result_buffers"]), offload=o["offload"],
                           host_budget=o["host_budget"],
                           skip_useless=o.get("skip_useless", True),
                           repeat=o.get("repeat", 1), timeline=o.get("timeline", False),
                           pareto=o.get("timeline", False))
    info.report = report
    report["memory"] = info.memory
    info.times["plan"] = report["planning_time_s"]
    var_of = info.converted.var_of
    info.saved = _adapter.saved_values(report, var_of, "which is no value of the jaxpr")
    info.offloaded = _adapter.offloaded_values(report, var_of, "which is no value of the jaxpr")
    prefetch = {v: _planner.location_name(e["prefetch_before"]["loc"])
                if e.get("prefetch_before") else None
                for v, e in zip(info.offloaded, report.get("offloaded", []))}
    info.offload_note = None
    if info.offloaded and jax.default_backend() == "cpu":
        info.offload_note = CPU_OFFLOAD_NOTE
    info.applier = functools.partial(_Applied, offloaded=prefetch)
    return info


# Why a plan's offload shows in the program but not in XLA:CPU's memory.
CPU_OFFLOAD_NOTE = (
    "XLA:CPU keeps offloaded values in device memory: JAX lowers a device_put to host "
    "memory as nothing on CPU, and XLA:CPU strips memory placement annotations (its "
    "strip-memory-placement-annotations pass), so memory_analysis() reports no host bytes "
    "and counts the offloaded values in temp bytes; the transfers are in the jaxpr and in "
    "the program lowered for a GPU (annotate_device_placement to pinned_host and back)")

#!/usr/bin/env python3
"""The include graph of remat's C++ by layer, and every include that points
up a layer (docs/Architecture.md, "Layers").

    python3 scripts/include_layers.py          # the graph, then violations
    python3 scripts/include_layers.py --check  # exit 1 on any violation

Layers, lowest first: Interfaces < Dialect < Analysis < Transforms and
Conversion (side by side, neither includes the other) < Pipelines < tools
(tools/, unittests/). A file may include its own layer and those below.
"""
import os
import re
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RANK = {"Interfaces": 0, "Dialect": 1, "Analysis": 2, "Transforms": 3,
        "Conversion": 3, "Pipelines": 4, "tools": 5}
INCLUDE = re.compile(r'^\s*#\s*include\s+"remat/([A-Za-z]+)/')
HEADER = re.compile(r'^\s*#\s*include\s+"(remat/[A-Za-z/]+)\.h"')


def component_cycles(includes):
    """Cycles among components (a header and the .cpp of the same name).
    Within one dialect's directory the dialect's .cpp registers its ops and
    the ops' header includes the dialect's, as in every MLIR dialect: those
    are one library and are not counted."""
    graph = {}
    for source, target in includes:
        a, b = os.path.splitext(os.path.basename(source))[0], os.path.basename(target)
        same_dialect = ("/Dialect/" in source and "/Dialect/" in target
                        and os.path.basename(os.path.dirname(source))
                        == os.path.basename(os.path.dirname(target)))
        if a != b and not same_dialect:
            graph.setdefault(a, set()).add(b)
    cycles, state = [], {}

    def visit(node, stack):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return cycles


def layer_of(path):
    parts = path.split(os.sep)
    if parts[0] in ("include", "lib") and len(parts) > 2 and parts[1] == "remat":
        return parts[2]
    return "tools"


def main():
    edges, violations, includes = Counter(), [], []
    for top in ("include", "lib", "tools", "unittests"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.relpath(os.path.join(dirpath, name), ROOT)
                source = layer_of(path)
                with open(os.path.join(ROOT, path)) as f:
                    for number, line in enumerate(f, 1):
                        header = HEADER.match(line)
                        if header:
                            includes.append((path, header.group(1)))
                        match = INCLUDE.match(line)
                        if not match or match.group(1) not in RANK:
                            continue
                        target = match.group(1)
                        edges[(source, target)] += 1
                        up = RANK[target] > RANK[source]
                        sideways = (RANK[target] == RANK[source] and target != source
                                    and source != "tools")
                        if up or sideways:
                            violations.append(f"{path}:{number}: {source} includes {target}: "
                                              f"{line.strip()}")
    print("includes between layers (from -> to: count):")
    for (source, target), count in sorted(edges.items(),
                                          key=lambda e: (RANK[e[0][0]], e[0][0], RANK[e[0][1]])):
        print(f"  {source:>10} -> {target:<10} {count}")
    print(f"{len(violations)} includes point up (or across Transforms/Conversion)")
    for v in violations:
        print("  " + v)
    cycles = component_cycles(includes)
    print(f"{len(cycles)} include cycles between components (a header and its .cpp)")
    for cycle in cycles:
        print("  " + " -> ".join(cycle))
    if "--check" in sys.argv and (violations or cycles):
        sys.exit(1)


if __name__ == "__main__":
    main()

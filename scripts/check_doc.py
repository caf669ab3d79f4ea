#!/usr/bin/env python3
"""Runs a Markdown page's commands and checks its quoted outputs, so that
the page cannot drift from the tools (docs/GettingStarted.md;
test/Docs/getting-started.test).

    python3 scripts/check_doc.py docs/GettingStarted.md [--tools build/bin] [--keep DIR]

In a fresh directory, in page order:
- a fenced block after `<!-- file: NAME -->` is written to NAME;
- every ```sh block is run, line by line, with bash (`build/bin/`,
  `benchmarks/` and `scripts/` name the checkout's), unless
  `<!-- not run -->` precedes it; each command must exit 0;
- a ```text block after `<!-- output -->` (or `<!-- output, exit N -->`:
  the last command exits N) must appear in what the sh block before it
  printed (stdout and stderr): each of its lines, in order, as a substring
  of a line of the output.
Prints one line per command and exits 1 at the first difference.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = re.compile(r"^```(\w*)\s*$")
MARK = re.compile(r"^<!--\s*(.*?)\s*-->\s*$")


def blocks(text):
    """(mark, language, lines) per fenced block; mark: the comment on the
    line before it (or None)."""
    lines = text.splitlines()
    i, mark = 0, None
    while i < len(lines):
        line = lines[i]
        m = MARK.match(line)
        if m:
            mark = m.group(1)
            i += 1
            continue
        f = FENCE.match(line)
        if f:
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            yield mark, f.group(1), lines[i + 1:j], i + 1
            i, mark = j + 1, None
            continue
        if line.strip():
            mark = None
        i += 1


def expand(command, tools):
    command = re.sub(r"(?<![\w/])build/bin/", tools.rstrip("/") + "/", command)
    for directory in ("benchmarks", "scripts"):
        command = re.sub(rf"(?<![\w/]){directory}/", os.path.join(ROOT, directory) + "/", command)
    return command


def contains(output, expected):
    """Each expected line, in order, within a line of the output."""
    out = output.splitlines()
    k = 0
    for want in expected:
        if not want.strip():
            continue
        while k < len(out) and want.strip() not in out[k]:
            k += 1
        if k == len(out):
            return want
        k += 1
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("page")
    ap.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--keep", help="run in this directory (kept) instead of a temporary one")
    a = ap.parse_args()
    work = a.keep or tempfile.mkdtemp(prefix="remat-doc-")
    os.makedirs(work, exist_ok=True)
    with open(a.page) as f:
        page = f.read()
    name = os.path.basename(a.page)
    output, last_rc, ran = "", 0, 0
    for mark, language, lines, line_no in blocks(page):
        if mark and mark.startswith("file:"):
            with open(os.path.join(work, mark[len("file:"):].strip()), "w") as f:
                f.write("\n".join(lines) + "\n")
            continue
        if mark and mark.startswith("output"):
            m = re.match(r"output(?:,\s*exit\s+(\d+))?$", mark)
            if not m:
                sys.exit(f"{name}:{line_no}: unknown mark <!-- {mark} -->")
            want_rc = int(m.group(1) or 0)
            if last_rc != want_rc:
                print(f"{name}:{line_no}: FAIL: the command exited {last_rc}, the page says "
                      f"{want_rc}\n{output}")
                return 1
            missing = contains(output, lines)
            if missing is not None:
                print(f"{name}:{line_no}: FAIL: the page quotes\n  {missing}\nwhich the "
                      f"command did not print; it printed:\n{output}")
                return 1
            print(f"{name}:{line_no}: output as quoted")
            continue
        if language != "sh" or mark == "not run":
            continue
        output = ""
        for command in lines:
            if not command.strip() or command.lstrip().startswith("#"):
                continue
            done = subprocess.run(["bash", "-c", expand(command, a.tools)], cwd=work,
                                  capture_output=True, text=True)
            output += done.stdout + done.stderr
            last_rc = done.returncode
            ran += 1
            print(f"{name}:{line_no}: $ {command} -> exit {done.returncode}")
        # A block must succeed unless an output mark says how it fails.
        following = page.splitlines()[line_no + len(lines):line_no + len(lines) + 2]
        says_exit = any(re.match(r"<!--\s*output,\s*exit", line) for line in following)
        if last_rc != 0 and not says_exit:
            print(f"{name}:{line_no}: FAIL: exit {last_rc}\n{output}")
            return 1
    print(f"{name}: {ran} commands ran as the page says")
    return 0


if __name__ == "__main__":
    sys.exit(main())

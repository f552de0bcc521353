# SPDX-License-Identifier: GPL-2.0
"""
Code regions of an assembled object, cut out by labels, and llvm-mca's
verdict on them.

An object is assembled with the local labels kept (as -L), so that the
.L labels of the sources, macro ones included (.Lround12), are symbols:
a region is an address range between two labels, disassembled again and
handed to llvm-mca.  A label that is not found, or found twice, is an
error: the model must not quietly go stale when the code changes.
"""
import re
import subprocess


class ModelError(Exception):
    pass


def run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode:
        raise ModelError("%s failed:\n%s" % (" ".join(cmd), proc.stderr))
    return proc.stdout


def assemble(src, obj, includes, cc="gcc"):
    flags = ["-c", "-Wa,-L"] + ["-I" + i for i in includes]
    run([cc] + flags + ["-o", obj, src])


# what objdump prints that llvm-mca need not see: the target's address and
# name after a branch ("jne 1a <.Lunit>"), comments ("# 2c <.Lrot16>")
BRANCH = re.compile(r"^(j\w+|call)\s+[0-9a-f]+\s+<([^>]+)>$")
COMMENT = re.compile(r"\s+#.*$")


class Object:
    """The .text of one object: instructions, functions and labels."""

    def __init__(self, path):
        self.path = path
        self.labels = []        # (address, name), .text only, sorted
        self.funcs = {}         # name -> (start, end)
        for line in run(["nm", "-n", "-S", path]).splitlines():
            f = line.split()
            if len(f) == 4 and f[2] in "Tt":
                self.funcs[f[3]] = (int(f[0], 16),
                                    int(f[0], 16) + int(f[1], 16))
            if f[-2] in "Tt":
                self.labels.append((int(f[0], 16), f[-1]))
        self.insns = []         # (address, text)
        text = run(["objdump", "-d", "--no-show-raw-insn", "-j", ".text",
                    path])
        for line in text.splitlines():
            m = re.match(r"^\s*([0-9a-f]+):\t(.*)$", line)
            if m:
                self.insns.append((int(m.group(1), 16),
                                   COMMENT.sub("", m.group(2)).strip()))

    def func(self, name):
        if name not in self.funcs:
            raise ModelError("%s: no function %s" % (self.path, name))
        return self.funcs[name]

    def label(self, func, pattern):
        """Address of the one label in @func whose name matches @pattern."""
        start, end = self.func(func)
        found = [a for a, n in self.labels
                 if start <= a < end and re.fullmatch(pattern, n)]
        if len(found) != 1:
            raise ModelError("%s: %s: label %s found %d times, want once"
                             % (self.path, func, pattern, len(found)))
        return found[0]

    def labels_in(self, func, pattern):
        start, end = self.func(func)
        return [a for a, n in self.labels
                if start <= a < end and re.fullmatch(pattern, n)]

    def loop_end(self, func, pattern):
        """The address after the last branch back to the label."""
        head = self.label(func, pattern)
        _, end = self.func(func)
        after = None
        for i, (a, text) in enumerate(self.insns):
            m = re.match(r"^j\w+\s+([0-9a-f]+)\b", text)
            if m and int(m.group(1), 16) == head and head <= a < end:
                after = self.insns[i + 1][0] if i + 1 < len(self.insns) \
                    else end
        if after is None:
            raise ModelError("%s: %s: no branch back to %s"
                             % (self.path, func, pattern))
        return after

    def paths_into(self, func, pattern):
        """
        For each label matching @pattern, the straight-line code from the
        branch that jumps to it up to the label: the path not taken when
        the branch is.
        """
        start, end = self.func(func)
        holes = []
        for label in self.labels_in(func, pattern):
            after = [self.insns[i + 1][0] for i, (a, text)
                     in enumerate(self.insns[:-1]) if start <= a < end
                     and re.match(r"^j\w+\s+%x\b" % label, text)]
            if len(after) != 1:
                raise ModelError("%s: %s: %d branches to %s at %x, want one"
                                 % (self.path, func, len(after), pattern,
                                    label))
            holes.append((after[0], label))
        if not holes:
            raise ModelError("%s: %s: no label %s"
                             % (self.path, func, pattern))
        return holes

    def point(self, func, spec):
        """FUNC, END, a label pattern, or loop:<pattern>."""
        if spec == "FUNC":
            return self.func(func)[0]
        if spec == "END":
            return self.func(func)[1]
        if spec.startswith("loop:"):
            return self.loop_end(func, spec[5:])
        return self.label(func, spec)

    def cut(self, func, start, end, skip=()):
        """
        llvm-mca input for [start, end) of @func, without the ranges
        [a, b) of @skip: each (pattern_a, pattern_b) pairs every label
        matching pattern_a with the next label after it matching pattern_b
        (paths not taken, e.g. the partial-batch stores of a full batch).
        """
        lo, hi = self.point(func, start), self.point(func, end)
        if hi <= lo:
            raise ModelError("%s: %s: empty region %s..%s"
                             % (self.path, func, start, end))
        holes = []
        for pa, pb in skip:
            if pa.startswith("into:"):
                holes += self.paths_into(func, pa[5:])
                continue
            ends = self.labels_in(func, pb)
            starts = self.labels_in(func, pa)
            if not starts:
                raise ModelError("%s: %s: no label %s to skip from"
                                 % (self.path, func, pa))
            for a in starts:
                b = min([e for e in ends if e > a], default=None)
                if b is None:
                    raise ModelError("%s: %s: no %s after %s"
                                     % (self.path, func, pb, pa))
                holes.append((a, b))
        lines = []
        for a, text in self.insns:
            if not lo <= a < hi or any(x <= a < y for x, y in holes):
                continue
            if text.startswith(("nop", "xchg   %ax,%ax", "cs nop",
                                "data16")):
                continue        # alignment padding
            m = BRANCH.match(text)
            if m:
                # llvm-mca only needs a symbol; where it goes is not modelled
                text = "%s .Ltarget" % m.group(1)
            lines.append(text)
        if not lines:
            raise ModelError("%s: %s: region %s..%s has no instructions"
                             % (self.path, func, start, end))
        return "\n".join(lines) + "\n"


class Verdict:
    """llvm-mca's numbers for one region on one CPU."""

    def __init__(self, out, iterations):
        def num(key):
            m = re.search(r"^%s:\s+([0-9.]+)" % key, out, re.M)
            if not m:
                raise ModelError("llvm-mca output has no %s" % key)
            return float(m.group(1))
        self.total = num("Total Cycles")
        self.per_iter = self.total / iterations
        uops = num("Total uOps") / iterations
        width = num("Dispatch Width")
        names = dict(re.findall(r"^\[([0-9.]+)\]\s+- (\S+)", out, re.M))
        m = re.search(r"Resource pressure per iteration:\n(.*)\n(.*)\n", out)
        if not m:
            raise ModelError("llvm-mca output has no resource pressure")
        idx = re.findall(r"\[([0-9.]+)\]", m.group(1))
        vals = [0.0 if v == "-" else float(v) for v in m.group(2).split()]
        port, pressure = max(zip(idx, vals), key=lambda p: p[1])
        bound, what = max((pressure, names.get(port, port)),
                          (uops / width, "dispatch"))
        self.bottleneck = what if self.per_iter <= 1.15 * bound \
            else "latency"


def mca(asm, cpu, iterations, path):
    """Run llvm-mca on @asm (kept in @path for a look by hand)."""
    with open(path, "w") as f:
        f.write(asm)
    out = run(["llvm-mca", "-mtriple=x86_64-unknown-linux-gnu",
               "-mcpu=" + cpu, "-iterations=%d" % iterations, path])
    with open(path + ".mca", "w") as f:
        f.write(out)
    return Verdict(out, iterations)

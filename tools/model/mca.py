# SPDX-License-Identifier: GPL-2.0
"""
Instructions for llvm-mca, and its verdict on them.

Two sources of instructions:

- loops cut out of an assembled object by labels.  The object is
  assembled with the local labels kept (as -L), so that the .L labels of
  the sources, macro ones included (.Lround12), are symbols; a loop runs
  from its label to the branch back to it.  A label that is not found,
  or found twice, is an error: the model must not quietly go stale when
  the code changes;
- traces: the instructions one call executed, in order (tools/model/
  trace.c), looked up in the linked tracer.  Calls inside the traced
  code are walked through: their instructions are in the trace, the
  call and return themselves are dropped (see Binary.text()).
"""
import bisect
import re
import subprocess


class ModelError(Exception):
    pass


def run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode:
        raise ModelError("%s failed:\n%s%s" % (" ".join(cmd), proc.stderr,
                                               proc.stdout[-2000:]))
    return proc.stdout


def assemble(src, obj, includes, cc="gcc", keep_labels=True):
    flags = ["-c", "-Wa,--noexecstack"] + \
        (["-Wa,-L"] if keep_labels else []) + \
        ["-I" + i for i in includes]
    run([cc] + flags + ["-o", obj, src])


# what objdump prints that llvm-mca need not see: the target's address and
# name after a branch ("jne 1a <.Lunit>"), comments ("# 2c <.Lrot16>")
BRANCH = re.compile(r"^(j\w+|call)\s+[0-9a-f]+\s+<([^>]+)>$")
COMMENT = re.compile(r"\s+#.*$")
# alignment padding, as objdump spells it: one nop to llvm-mca
NOP = re.compile(r"^((cs|ds|data16)\s+)*(nop\w*|xchg\s+%ax,%ax)\b")


def disassemble(path):
    """[(address, text)] of .text, comments dropped."""
    insns = []
    text = run(["objdump", "-d", "--no-show-raw-insn", "-j", ".text", path])
    for line in text.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\t(.*)$", line)
        if m:
            insns.append((int(m.group(1), 16),
                          COMMENT.sub("", m.group(2)).strip()))
    return insns


def for_mca(text):
    """An instruction as objdump prints it, as llvm-mca takes it."""
    if NOP.match(text):
        return "nop"
    m = BRANCH.match(text)
    if m:
        # llvm-mca only needs a symbol; where it goes is not modelled
        return "%s .Ltarget" % m.group(1)
    return text


def functions(path):
    """name -> (start, end) of the sized functions of an object or binary."""
    funcs = {}
    for line in run(["nm", "-n", "-S", path]).splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "Tt":
            funcs[f[3]] = (int(f[0], 16), int(f[0], 16) + int(f[1], 16))
    return funcs


class Object:
    """The .text of one object: instructions, functions and labels."""

    def __init__(self, path):
        self.path = path
        self.labels = []        # (address, name), .text only, sorted
        for line in run(["nm", "-n", path]).splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "Tt":
                self.labels.append((int(f[0], 16), f[2]))
        self.funcs = functions(path)
        self.insns = disassemble(path)

    def func(self, name):
        if name not in self.funcs:
            raise ModelError("%s: no function %s" % (self.path, name))
        return self.funcs[name]

    def labels_in(self, func, pattern):
        start, end = self.func(func)
        return [a for a, n in self.labels
                if start <= a < end and re.fullmatch(pattern, n)]

    def label(self, func, pattern):
        """Address of the one label in @func whose name matches @pattern."""
        found = self.labels_in(func, pattern)
        if len(found) != 1:
            raise ModelError("%s: %s: label %s found %d times, want once"
                             % (self.path, func, pattern, len(found)))
        return found[0]

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

    def point(self, func, spec):
        """A label pattern, or loop:<pattern> (after its back branch)."""
        if spec.startswith("loop:"):
            return self.loop_end(func, spec[5:])
        return self.label(func, spec)

    def cut(self, func, start, end):
        """llvm-mca input for [start, end) of @func."""
        lo, hi = self.point(func, start), self.point(func, end)
        lines = [for_mca(t) for a, t in self.insns
                 if lo <= a < hi and not NOP.match(t)]
        if not lines:
            raise ModelError("%s: %s: region %s..%s has no instructions"
                             % (self.path, func, start, end))
        return "\n".join(lines) + "\n"


# the kernel's return and indirect-branch thunks (the C's -mfunction-return
# and -mindirect-branch): how a call returns or jumps, not what it computes
THUNK = re.compile(r"^__x86_(return|indirect)_thunk")


class Binary:
    """
    The linked tracer: which function each traced address is in, and the
    instruction there.  @cores: the names of the functions the traces may
    run (those of the cores' objects); the harness's own addresses are
    dropped, any other address (libc, a thunk that is not the return
    one) is an error.
    """

    def __init__(self, path, cores, harness):
        self.path = path
        funcs = sorted((s, e, n) for n, (s, e) in functions(path).items())
        self.starts = [s for s, _, _ in funcs]
        self.funcs = funcs
        self.cores = set(cores)
        self.harness = set(harness)
        self.insns = dict(disassemble(path))

    def where(self, addr):
        i = bisect.bisect_right(self.starts, addr) - 1
        if i >= 0 and addr < self.funcs[i][1]:
            return self.funcs[i][2]
        return None

    def text(self, job, addrs):
        """
        The instructions of one traced call, as llvm-mca takes them, and
        the functions they ran in.  Dropped: the harness around the call,
        every call and return instruction and the return thunk (a jmp to
        it and its ret): the callee's instructions follow the caller's
        as if it were inlined, on both sides alike.  llvm-mca charges a
        call and a return as fixed costs of its own (a call about 100
        cycles, a ret on bonnell 79), which no real core pays each time:
        those would land on whichever side makes more calls.
        """
        lines, seen = [], set()
        for a in addrs:
            f = self.where(a)
            if f in self.harness:
                continue
            if f is None or (f not in self.cores and not THUNK.match(f)):
                raise ModelError("%s: the trace ran %x (%s), outside the "
                                 "cores" % (job, a, f or "no function"))
            t = self.insns.get(a)
            if t is None:
                raise ModelError("%s: no instruction at %x" % (job, a))
            if THUNK.match(f):
                if not f.startswith("__x86_return_thunk"):
                    raise ModelError("%s: an indirect branch (%s)" % (job, f))
                continue
            if re.match(r"^(call|ret|repz ret|rep ret)\b", t) or \
                    re.match(r"^jmp\s+[0-9a-f]+\s+<__x86_return_thunk>$", t):
                continue
            seen.add(f)
            lines.append(for_mca(t))
        if not lines:
            raise ModelError("%s: the trace ran no instruction of the cores"
                             % job)
        return lines, seen


class Verdict:
    """llvm-mca's numbers for some code on one CPU."""

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
        self.bottleneck = ""
        if not m:
            return
        idx = re.findall(r"\[([0-9.]+)\]", m.group(1))
        vals = [0.0 if v == "-" else float(v) for v in m.group(2).split()]
        port, pressure = max(zip(idx, vals), key=lambda p: p[1])
        bound, what = max((pressure, names.get(port, port)),
                          (uops / width, "dispatch"))
        self.bottleneck = what if self.per_iter <= 1.15 * bound \
            else "latency"


def mca(asm, cpu, iterations, path=None, pressure=True):
    """
    Run llvm-mca on @asm (kept in @path, with the report, for a look by
    hand, when given); @pressure: the resource pressure too, which names
    the bottleneck.
    """
    cmd = ["llvm-mca", "-mtriple=x86_64-unknown-linux-gnu", "-mcpu=" + cpu,
           "-iterations=%d" % iterations, "-instruction-info=false"]
    if not pressure:
        cmd.append("-resource-pressure=false")
    if path:
        with open(path, "w") as f:
            f.write(asm)
    out = run(cmd + [path or "-"], input=None if path else asm)
    if path:
        with open(path + ".mca", "w") as f:
            f.write(out)
    return Verdict(out, iterations)

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
make model: llvm-mca's cycles for what our Adiantum driver and Linux
6.1's adiantum template run per message, on the CPUs Adiantum is for.

  model.py [--smoke] [--kflags FLAGS] BUILD_DIR

BUILD_DIR holds linux-source-6.1 (extracted by make) and gets model/
(the tracer, the traces, the loops and their llvm-mca reports),
model.csv, model-regions.csv and model.md.  FLAGS: the kernel's
code-generation flags for the C that runs per message (mk/bench.mk's
BENCH_KFLAGS).  --smoke: every call traced and modelled once, every loop
cut, the whole messages on two CPUs, PASS/FAIL lines (no speed asserted).

A message is every call each side makes for it, in order (cores.py):
the NH and Poly1305 of both hashes, the tweak's Poly1305, the AES block,
HChaCha and the stream, each the core that serves that CPU.  Each call
ran once under tools/model/trace.c; the message is their instructions
one after the other, modelled by llvm-mca as one run, so that calls
overlap as far as the CPU's window lets them, and nothing is counted
for a call or a return (mca.py).  The C glue of either side, the crypto
API's and kernel_fpu_begin()'s costs and memory effects are not in it.
"""
import concurrent.futures
import os
import subprocess
import sys

sys.dont_write_bytecode = True          # no __pycache__ in the tree
from cores import (BARRIER, CPUS, LINUX, LINUX_ASM, LINUX_C, LINUX_TOP,
                   MESSAGES, OURS, OURS_ASM, OURS_C, HARNESS_C, Cpu, Policy,
                   all_loops, call, component, hash_calls, message,
                   sections, simd_part, stream_calls, tweak_calls)
from mca import Binary, ModelError, Object, assemble, functions, mca, run

LOOP_ITERATIONS = 100
# what Linux 6.1's aesni-intel_asm.S takes from the kernel's headers beyond
# tools/common/shim (written under build/: its indirect branches, in modes
# the model does not run, plain ones; a local alias, the symbol set)
NOSPEC_SHIM = """\
#define JMP_NOSPEC(reg)\tjmp *reg
#define CALL_NOSPEC(reg)\tcall *reg
#ifndef SYM_FUNC_ALIAS_LOCAL
#define SYM_FUNC_ALIAS_LOCAL(alias, name)\t.set alias, name
#endif
"""


def linux_shim(build):
    """The directory with NOSPEC_SHIM as <asm/nospec-branch.h>."""
    d = os.path.join(build, "model", "shim")
    os.makedirs(os.path.join(d, "asm"), exist_ok=True)
    path = os.path.join(d, "asm", "nospec-branch.h")
    with open(path, "w") as f:
        f.write(NOSPEC_SHIM)
    return d
# the CPUs the smoke form models whole messages on: one without AES-NI on
# the SSE2 variant, one with AES-NI and AVX2
SMOKE_CPUS = ("bonnell", "haswell")
COMPONENTS = ("stream", "nh", "poly1305", "aes", "hchacha")


def known_cpus():
    out = subprocess.run(["llvm-mca", "-mtriple=x86_64", "-mcpu=help"],
                         capture_output=True, text=True)
    names = {line.split()[0] for line in (out.stdout + out.stderr)
             .splitlines() if line.startswith("  ") and line.split()}
    return [Cpu(*c) for c in CPUS if c[1] in names]


class Tracer:
    """The cores, Linux 6.1's and ours, linked with trace.c, and the
    instructions each call ran."""

    def __init__(self, top, build, kflags):
        self.top, self.build = top, build
        self.dir = os.path.join(build, "model", "trace")
        os.makedirs(self.dir, exist_ok=True)
        shim = os.path.join(top, "tools/common/shim")
        bench_shim = os.path.join(top, "tools/corebench/bench-shim")
        model_shim = linux_shim(build)
        cflags = ["-O2", "-g", "-Wall", "-Wextra", "-I" + shim,
                  "-Wa,--noexecstack"]
        objs, cores, harness = [], [], []

        def obj(src, tag):
            return os.path.join(self.dir, "%s-%s.o" % (
                tag, os.path.basename(src).rsplit(".", 1)[0]))

        def need(path):
            if not os.path.exists(path):
                raise ModelError("%s missing (make extracts it)" % path)
            return path

        for s in OURS_ASM:
            o = obj(s, "ours")
            assemble(need(os.path.join(top, OURS, s)), o, [shim],
                     keep_labels=False)
            objs.append(o)
            cores.append(o)
        for s in LINUX_ASM:
            o = obj(s, "linux")
            assemble(need(os.path.join(build, LINUX, s)), o,
                     [shim, model_shim], keep_labels=False)
            objs.append(o)
            cores.append(o)
        for s, tag, extra in ([(os.path.join(top, c), "ours", [])
                               for c in OURS_C] +
                              [(os.path.join(build, LINUX_TOP, c), "linux",
                                ["-Wno-sign-compare",
                                 "-Wno-unused-parameter"])
                               for c in LINUX_C]):
            o = obj(s, tag)
            run(["gcc"] + cflags + kflags + extra +
                ["-I" + bench_shim, "-c", need(s), "-o", o])
            objs.append(o)
            if not s.endswith("lib/crypto/aes.c"):     # key schedule only
                cores.append(o)
        for s in HARNESS_C:
            o = obj(s, "harness")
            run(["gcc"] + cflags + ["-I" + bench_shim, "-c",
                                    os.path.join(top, s), "-o", o])
            objs.append(o)
            harness.append(o)
        thunks = os.path.join(self.dir, "thunks.o")
        assemble(os.path.join(bench_shim, "thunks.S"), thunks, [],
                 keep_labels=False)
        self.exe = os.path.join(self.dir, "trace")
        run(["gcc", "-no-pie", "-o", self.exe] + objs + [thunks])
        def names(paths):
            return [n for p in paths for n in functions(p)]
        self.binary = Binary(self.exe, names(cores), names(harness))
        self.texts = {}         # job -> [instruction]
        self.ran = {}           # job -> functions its instructions are in

    def trace(self, jobs):
        jobs = sorted(set(jobs) - set(self.texts))
        if not jobs:
            return {}
        out = run([self.exe] + jobs)
        errors, got = {}, {}
        for line in out.splitlines():
            job, _, rest = line.partition(" ")
            if rest.startswith("skip"):
                errors[job] = rest
                continue
            got[job] = [int(a, 16) for a in rest.split()]
        for job in jobs:
            if job in errors:
                continue
            if job not in got:
                errors[job] = "not traced"
                continue
            try:
                lines, ran = self.binary.text(job, got[job])
            except ModelError as e:
                errors[job] = str(e)
                continue
            self.texts[job] = lines
            self.ran[job] = ran
            name = job.replace(":", "-")
            with open(os.path.join(self.dir, name + ".s"), "w") as f:
                f.write("\n".join(lines) + "\n")
        return errors

    def walk(self, walk):
        """The instructions of the calls of @walk, one after the other."""
        text = []
        for c in walk:
            text += ["lfence"] if c == BARRIER else self.texts[c]
        return "\n".join(text) + "\n"


class Model:
    def __init__(self, top, build, kflags, cpus, workers):
        self.top, self.build = top, build
        self.dir = os.path.join(build, "model")
        os.makedirs(self.dir, exist_ok=True)
        self.cpus = cpus
        self.policy = Policy(top)
        self.tracer = Tracer(top, build, kflags)
        self.loops = all_loops()
        self.objects = {}
        self.regions = {}       # (side, core, region) -> text
        self.verdicts = {}      # (mcpu, side, core, region) -> Verdict
        self.walks = {}         # (mcpu, walk) -> Verdict
        self.errors = {}        # what failed -> why
        self.wanted = set()     # (mcpu, walk) asked for while collecting
        self.collecting = False
        self.workers = workers

    # -- loops --------------------------------------------------------

    def object(self, src):
        if src not in self.objects:
            path = os.path.join(self.build if src.startswith(LINUX)
                                else self.top, src)
            if not os.path.exists(path):
                raise ModelError("%s missing (make extracts it)" % path)
            side = "linux" if src.startswith(LINUX) else "ours"
            obj = os.path.join(self.dir, "%s-%s.o" % (
                side, os.path.basename(src)[:-2]))
            assemble(path, obj, [os.path.join(self.top, "tools/common/shim"),
                                 linux_shim(self.build)])
            self.objects[src] = Object(obj)
        return self.objects[src]

    def cut_loops(self):
        for key, core in self.loops.items():
            try:
                obj = self.object(core.src)
                for name, (func, start, end) in core.regions.items():
                    number = ""
                    if core.anchor:
                        found = obj.labels_in(func, core.anchor)
                        if len(found) != 1:
                            raise ModelError("%s: %s: %d labels %s, want one"
                                             % (core.src, func, len(found),
                                                core.anchor))
                        number = [n for a, n in obj.labels if a == found[0]
                                  and n.startswith(".Lbatch")][0][7:]
                    self.regions[key + (name,)] = obj.cut(
                        func, start.replace("\\@", number),
                        end.replace("\\@", number))
            except ModelError as e:
                self.errors["loop %s %s" % key] = str(e)

    def model_loops(self, cpus):
        runs = []
        for (side, core, region), text in self.regions.items():
            for cpu in cpus:
                key = (cpu.mcpu, side, core, region)
                if cpu.has(core) and key not in self.verdicts and \
                        key not in [k for k, _ in runs]:
                    runs.append((key, text))

        def one(item):
            key, text = item
            path = os.path.join(self.dir, "%s-%s-%s-%s.s" % key)
            return key, mca(text, key[0], LOOP_ITERATIONS, path)
        self.pool(one, runs, self.verdicts)

    # -- walks --------------------------------------------------------

    def pool(self, fn, items, into):
        with concurrent.futures.ThreadPoolExecutor(self.workers) as ex:
            for fut in [ex.submit(fn, i) for i in items]:
                try:
                    key, v = fut.result()
                    into[key] = v
                except ModelError as e:
                    self.errors["llvm-mca"] = str(e)

    def cycles(self, cpu, walk):
        """llvm-mca's cycles for @walk on @cpu (1 while collecting)."""
        key = (cpu.mcpu, tuple(walk))
        if self.collecting:
            self.wanted.add(key)
            return 1.0
        return self.walks[key].total

    def run_walks(self):
        jobs = {c for _, w in self.wanted for c in w if c != BARRIER}
        for job, err in self.tracer.trace(jobs).items():
            self.errors["trace " + job] = err
        todo = [k for k in self.wanted if k not in self.walks and
                all(c == BARRIER or c in self.tracer.texts for c in k[1])]

        def one(key):
            mcpu, walk = key
            # the resource pressure (the bottleneck) for a single call
            return key, mca(self.tracer.walk(walk), mcpu, 1,
                            pressure=len(walk) == 1)
        # the longest first: the pool ends sooner
        todo.sort(key=lambda k: -sum(len(self.tracer.texts.get(c, ()))
                                     for c in k[1]))
        self.pool(one, todo, self.walks)

    # -- items --------------------------------------------------------

    def parts(self, cpu, walk):
        """Each component's calls walked alone: (name, cycles, walk)."""
        out = []
        for name in COMPONENTS:
            w = tuple(c for c in walk if c != BARRIER and
                      component(c) == name)
            if w:
                out.append((name, self.cycles(cpu, w), w))
        return out

    def note(self, cpu, walk, total):
        parts = self.parts(cpu, walk)
        if self.collecting:
            return ""
        _, cy, w = max(parts, key=lambda p: p[1])
        return "%s %.0f%%" % (w[0].split(":")[1], 100 * cy / total)

    def pair(self, cpu, item, ours, linux, note=False):
        o, li = self.cycles(cpu, ours), self.cycles(cpu, linux)
        return (item, o, li, self.note(cpu, ours, o) if note else "",
                self.note(cpu, linux, li) if note else "")

    def items(self, cpu):
        """(item, ours, linux, note ours, note linux) rows for one CPU."""
        o, li = self.policy.ours(cpu), self.policy.linux(cpu)
        rows = []
        for n in MESSAGES:
            for enc in (True, False):
                rows.append(self.pair(
                    cpu, "adiantum-%d-%s" % (n, "encrypt" if enc
                                             else "decrypt"),
                    message("ours", o, n, enc), message("linux", li, n, enc),
                    note=True))
        # without AES-NI, where the variant that serves runs another AES
        # form: the message with the SSSE3 vector-permute block instead
        if not cpu.aesni and o["aes"] != "aes-vperm" and \
                cpu.has("aes-vperm"):
            ov = dict(o, aes="aes-vperm")
            for n in MESSAGES:
                for enc in (True, False):
                    rows.append(self.pair(
                        cpu, "adiantum-%d-%s-aes-vperm" % (
                            n, "encrypt" if enc else "decrypt"),
                        message("ours", ov, n, enc),
                        message("linux", li, n, enc)))
        for n in MESSAGES:
            rows.append(self.pair(cpu, "adiantum-%d" % n,
                                  simd_part("ours", o, n),
                                  simd_part("linux", li, n), note=True))
        if not cpu.has("chacha-avx"):
            o2 = dict(o, stream="chacha-sse2")
            for n in MESSAGES:
                rows.append(self.pair(cpu, "adiantum-%d-sse2-chacha" % n,
                                      simd_part("ours", o2, n),
                                      simd_part("linux", li, n)))
        # the AES block each side runs; without AES-NI both of our forms
        forms = [("aes", o["aes"])]
        if not cpu.aesni:
            forms += [("aes-" + f[4:], f) for f in ("aes-vperm", "aes-ct")
                      if cpu.has(f)]
        for name, form in forms:
            for enc in (True, False):
                rows.append(self.pair(
                    cpu, "%s-%s" % (name, "encrypt" if enc else "decrypt"),
                    (call("ours", form, int(enc)),),
                    (call("linux", li["aes"], int(enc)),)))
        # all the Poly1305 of a message: H_T and both hashes
        for n in MESSAGES:
            walk = {}
            for side, cores in (("ours", o), ("linux", li)):
                calls = tweak_calls(side, cores, n - 16) + \
                    2 * hash_calls(side, cores, n - 16)
                walk[side] = tuple(c for c in calls
                                   if component(c) == "poly1305")
            rows.append(self.pair(cpu, "poly1305-%d" % n, walk["ours"],
                                  walk["linux"]))
        # HChaCha: the core that serves, and each of ours
        rows.append(self.pair(cpu, "hchacha", (call("ours", o["hchacha"]),),
                              (call("linux", "hchacha-ssse3"),)))
        for core in ("hchacha-scalar", "hchacha-ssse3"):
            rows.append(self.pair(cpu, core, (call("ours", core),),
                                  (call("linux", "hchacha-ssse3"),)))
        # our NH and ChaCha cores against what Linux runs on such a CPU
        for nh, lnh in (("nh-sse2", "nh-sse2"), ("nh-sse2-dsum", "nh-sse2"),
                        ("nh-avx", "nh-sse2"), ("nh-avx2", "nh-avx2")):
            if not cpu.has(nh):
                continue
            per64 = self.loop_cycles(cpu, "ours", nh)
            lper64 = self.loop_cycles(cpu, "linux", lnh)
            if per64 is not None and lper64 is not None:
                rows.append((nh + "-64", per64, lper64, "", ""))
            rows.append(self.pair(cpu, nh + "-1024",
                                  (call("ours", nh, 1024),),
                                  (call("linux", lnh, 1024),)))
        # the xmm ones against Linux's SSSE3 code, AVX2 against AVX2
        for ours in ("chacha-sse2", "chacha-ssse3", "chacha-avx",
                     "chacha-avx2"):
            if not cpu.has(ours):
                continue
            lstream = "chacha-avx2" if ours == "chacha-avx2" \
                else "chacha-ssse3"
            rows.append(self.pair(
                cpu, ours + "-4096", (call("ours", ours, 4096),),
                tuple(stream_calls("linux", {"stream": lstream}, 4096))))
            do = self.loop_cycles(cpu, "ours", ours)
            dl = self.loop_cycles(cpu, "linux", lstream)
            if do is not None and dl is not None:
                rows.append((ours + "-dround", do, dl, "", ""))
        longest = {}
        for side, cores in (("ours", o), ("linux", li)):
            longest[side] = max(self.cycles(cpu, w)
                                for w in sections(side, cores, cpu))
        rows.append(("fpu-section-4096", longest["ours"], longest["linux"],
                     "", ""))
        return rows

    def loop_cycles(self, cpu, side, core):
        """A main loop per iteration: NH per 64 bytes, a ChaCha double
        round of one batch."""
        region = "round"
        if core.startswith("nh"):
            region = "eight" if (side, core) == ("ours", "nh-avx2") \
                else "four"
        v = self.verdicts.get((cpu.mcpu, side, core, region))
        if v is None:
            return None
        return v.per_iter / (2 if region == "eight" else 1)

    def table(self, cpus):
        """Every CPU's rows: collected, modelled, then computed."""
        self.collecting = True
        for cpu in cpus:
            self.items(cpu)
        self.collecting = False
        self.run_walks()
        if self.errors:
            return None
        return {cpu.name: self.items(cpu) for cpu in cpus}


def write_outputs(model, table, build):
    with open(os.path.join(build, "model.csv"), "w") as f:
        f.write("cpu,item,ours_cycles,linux_cycles,ratio\n")
        for cpu, rows in table.items():
            for item, o, li, _, _ in rows:
                f.write("%s,%s,%.1f,%.1f,%.3f\n" % (cpu, item, o, li, o / li))
    with open(os.path.join(build, "model-regions.csv"), "w") as f:
        f.write("cpu,side,core,region,kind,cycles,bottleneck\n")
        for (mcpu, side, core, region), v in sorted(model.verdicts.items()):
            f.write("%s,%s,%s,%s,loop,%.2f,%s\n" % (
                mcpu, side, core, region, v.per_iter, v.bottleneck))
        for (mcpu, walk), v in sorted(model.walks.items()):
            if len(walk) == 1:
                side, core, arg = walk[0].split(":")
                f.write("%s,%s,%s,%s,call,%.2f,%s\n" % (
                    mcpu, side, core, arg, v.total, v.bottleneck))


# the items of the first table
MAIN = ["adiantum-%d-%s" % (n, d) for n in MESSAGES
        for d in ("encrypt", "decrypt")]


def markdown(model, table, cpus):
    lines = ["| -mcpu | AES ours / Linux | 4 KiB enc ours | Linux | ratio | "
             "4 KiB dec ours | Linux | ratio | 512 B enc ours | Linux | "
             "ratio | 512 B dec ours | Linux | ratio | ours: most cycles "
             "(4 KiB enc) | Linux: most cycles |",
             "|---|---|" + "---:|" * 12 + "---|---|"]
    for cpu in cpus:
        r = {row[0]: row for row in table[cpu.name]}
        o, li = model.policy.ours(cpu), model.policy.linux(cpu)
        cells = []
        for n in MESSAGES:
            for d in ("encrypt", "decrypt"):
                x = r["adiantum-%d-%s" % (n, d)]
                cells.append("%.0f | %.0f | %.3f" % (x[1], x[2], x[1] / x[2]))
        a = r["adiantum-4096-encrypt"]
        lines.append("| %s | %s / %s | %s | %s | %s |" % (
            cpu.name, o["aes"][4:], li["aes"][4:], " | ".join(cells),
            a[3], a[4]))
    # the other items: the message's parts, then the cores
    for group in (lambda i: not i.startswith(("nh-", "chacha-")),
                  lambda i: i.startswith(("nh-", "chacha-"))):
        items = []
        for rows in table.values():
            for row in rows:
                if row[0] not in MAIN and group(row[0]) and \
                        row[0] not in items:
                    items.append(row[0])
        lines.append("")
        lines.append("| -mcpu | " + " | ".join(items) + " |")
        lines.append("|---|" + "---:|" * len(items))
        for cpu in cpus:
            r = {row[0]: row for row in table[cpu.name]}
            lines.append("| %s | " % cpu.name + " | ".join(
                "%.3f" % (r[i][1] / r[i][2]) if i in r else "-"
                for i in items) + " |")
    return "\n".join(lines) + "\n"


# issue 20's targets: ours / Linux per whole message, encrypt and decrypt
TARGETS = [("bonnell", 4096, 0.80), ("silvermont-noaesni", 4096, 0.80),
           ("btver2", 4096, 0.80), ("bdver2", 4096, 0.80),
           ("sandybridge-noaesni", 4096, 0.95), ("haswell", 4096, 0.95),
           ("bonnell", 512, 0.85), ("silvermont-noaesni", 512, 0.85)]


def targets_markdown(table):
    lines = ["| CPU | size | target | encrypt | decrypt | met |",
             "|---|---|---|---:|---:|---|"]
    for cpu, n, want in TARGETS:
        if cpu not in table:
            continue
        r = {row[0]: row[1] / row[2] for row in table[cpu]}
        e, d = r["adiantum-%d-encrypt" % n], r["adiantum-%d-decrypt" % n]
        lines.append("| %s | %d B | %.2f | %.3f | %.3f | %s |" % (
            cpu, n, want, e, d,
            "yes" if max(e, d) <= want else "no"))
    return "\n".join(lines) + "\n"


def parts_markdown(model, cpus):
    """Where the cycles of an encrypted message go: each part's calls
    walked alone, ours / Linux, their sum and the whole walk."""
    lines = ["| -mcpu | bytes | " + " | ".join(COMPONENTS) +
             " | sum of parts | whole message |",
             "|---|---:|" + "---|" * (len(COMPONENTS) + 2)]
    for cpu in cpus:
        o, li = model.policy.ours(cpu), model.policy.linux(cpu)
        for n in MESSAGES:
            cells, sums, whole = [], [0, 0], []
            parts = {}
            for i, (side, cores) in enumerate((("ours", o), ("linux", li))):
                walk = message(side, cores, n, True)
                for name, cy, _ in model.parts(cpu, walk):
                    parts.setdefault(name, [0, 0])[i] = cy
                    sums[i] += cy
                whole.append(model.cycles(cpu, walk))
            for name in COMPONENTS:
                a, b = parts.get(name, (0, 0))
                cells.append("%.0f / %.0f" % (a, b))
            lines.append("| %s | %d | %s | %.0f / %.0f | %.0f / %.0f |" % (
                cpu.name, n, " | ".join(cells), sums[0], sums[1],
                whole[0], whole[1]))
    return "\n".join(lines) + "\n"


# (title, our core, its region, Linux's core, its region, per)
LOOPS = [("nh-sse2 per 64 B", "nh-sse2", "four", "nh-sse2", "four", 1),
         ("nh-sse2-dsum per 64 B (Linux: SSE2)", "nh-sse2-dsum", "unit",
          "nh-sse2", "four", 4),
         ("chacha-ssse3 double round", "chacha-ssse3", "round",
          "chacha-ssse3", "round", 1),
         ("chacha-sse2 double round (Linux: SSSE3)", "chacha-sse2", "round",
          "chacha-ssse3", "round", 1),
         ("nh-avx per 64 B (Linux: SSE2)", "nh-avx", "four", "nh-sse2",
          "four", 1),
         ("chacha-avx double round (Linux: SSSE3)", "chacha-avx", "round",
          "chacha-ssse3", "round", 1),
         ("nh-avx2 per 64 B", "nh-avx2", "eight", "nh-avx2", "four", 0.5),
         ("chacha-avx2 double round", "chacha-avx2", "round", "chacha-avx2",
          "round", 1),
         ("HChaCha double round: scalar (Linux: SSSE3)", "hchacha-scalar",
          "round", "hchacha-ssse3", "round", 1),
         ("HChaCha double round: SSSE3", "hchacha-ssse3", "round",
          "hchacha-ssse3", "round", 1)]


def loops_markdown(model, cpus):
    """The main loops side by side: cycles and bottleneck, ours / Linux."""
    lines = ["| -mcpu | " + " | ".join(name for name, *_ in LOOPS) + " |",
             "|---|" + "---|" * len(LOOPS)]
    seen = set()
    for cpu in cpus:
        if cpu.mcpu in seen:
            continue
        seen.add(cpu.mcpu)
        cells = []
        for name, core, ours, lcore, linux, times in LOOPS:
            o = model.verdicts.get((cpu.mcpu, "ours", core, ours))
            li = model.verdicts.get((cpu.mcpu, "linux", lcore, linux))
            if o is None or li is None:
                cells.append("-")
                continue
            cells.append("%.1f (%s) / %.1f (%s)" % (
                o.per_iter * times, o.bottleneck, li.per_iter,
                li.bottleneck))
        lines.append("| %s | %s |" % (cpu.mcpu, " | ".join(cells)))
    return "\n".join(lines) + "\n"


def smoke(model, cpus):
    """Every call traced and modelled once, every loop cut, the whole
    messages on SMOKE_CPUS: PASS/FAIL lines."""
    sm = [c for c in cpus if c.name in SMOKE_CPUS]
    wide = max(cpus, key=lambda c: (c.aesni, c.level == "avx2"))
    model.cut_loops()
    model.collecting = True
    for cpu in cpus:
        model.items(cpu)
    jobs = {c for _, w in model.wanted for c in w if c != BARRIER}
    model.wanted = set()
    for cpu in sm:
        o, li = model.policy.ours(cpu), model.policy.linux(cpu)
        for n in MESSAGES:
            for enc in (True, False):
                model.cycles(cpu, message("ours", o, n, enc))
                model.cycles(cpu, message("linux", li, n, enc))
    # every call alone on the CPU that has every ISA
    for job in jobs:
        model.cycles(wide, (job,))
    model.collecting = False
    model.run_walks()
    model.model_loops([wide])
    bad = False
    for key, err in sorted(model.errors.items()):
        lines = err.strip().splitlines()
        print("FAIL model %s: %s" % (key, lines[0]))
        for line in lines[1:6]:
            print("    " + line)
        bad = True
    by_core = {}
    for job in sorted(jobs):
        side, core, _ = job.split(":")
        by_core.setdefault((side, core), []).append(job)
    for (side, core), js in sorted(by_core.items()):
        done = [j for j in js if (wide.mcpu, (j,)) in model.walks]
        if len(done) == len(js):
            print("PASS model %s %s: %d calls traced and modelled (%s)" % (
                side, core, len(js), " ".join(j.split(":")[2] for j in js)))
        elif not any("trace " + j in model.errors for j in js):
            print("FAIL model %s %s: %d of %d calls modelled" % (
                side, core, len(done), len(js)))
            bad = True
    for (side, core), loop in sorted(model.loops.items()):
        n = len([k for k in model.regions if k[:2] == (side, core)])
        if n == len(loop.regions):
            print("PASS model %s %s: loop %s cut" % (
                side, core, " ".join(loop.regions)))
    msgs = [k for k in model.walks if len(k[1]) > 1]
    bad = bad or len(msgs) != 2 * len(sm) * 2 * len(MESSAGES)
    print("%s model: %d whole messages on %s, %d calls alone on %s, %d "
          "loops (smoke: make model for the tables)" % (
              "FAIL" if bad else "PASS", len(msgs),
              " ".join(c.name for c in sm), len(jobs), wide.mcpu,
              len(model.regions)))


def main(argv):
    smoke_only = "--smoke" in argv
    args = [a for a in argv if a != "--smoke"]
    kflags = []
    if "--kflags" in args:
        i = args.index("--kflags")
        kflags = args[i + 1].split()
        del args[i:i + 2]
    if len(args) != 1:
        sys.stderr.write("usage: model.py [--smoke] [--kflags FLAGS] "
                         "BUILD_DIR\n")
        return 2
    build = os.path.abspath(args[0])
    top = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    try:
        cpus = known_cpus()
    except OSError as e:
        print("FAIL model: llvm-mca not runnable (%s): apt-get install "
              "--no-install-recommends llvm" % e)
        return 0 if smoke_only else 1
    missing = [c[0] for c in CPUS if c[0] not in {x.name for x in cpus}]
    workers = min(2, os.cpu_count() or 1)
    try:
        model = Model(top, build, kflags, cpus, workers)
    except ModelError as e:
        print("FAIL model: %s" % str(e).strip())
        return 0 if smoke_only else 1
    if smoke_only:
        smoke(model, cpus)
        return 0
    model.cut_loops()
    model.model_loops(cpus)
    table = model.table(cpus) if not model.errors else None
    for key, err in sorted(model.errors.items()):
        sys.stderr.write("model: %s: %s\n" % (key, err))
    if table is None:
        return 1
    write_outputs(model, table, build)
    md = markdown(model, table, cpus) + "\n" + \
        parts_markdown(model, cpus) + "\n" + loops_markdown(model, cpus) + \
        "\n" + targets_markdown(table)
    with open(os.path.join(build, "model.md"), "w") as f:
        f.write(md)
    sys.stdout.write(md)
    if missing:
        print("not in this llvm-mca: %s" % " ".join(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

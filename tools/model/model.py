#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
make model: llvm-mca's cycles for our cores and Linux 6.1's, per loop
region and per Adiantum message, on the CPUs Adiantum is for.

  model.py [--smoke] BUILD_DIR

BUILD_DIR holds linux-source-6.1/arch/x86/crypto (extracted by make) and
gets model/ (objects, regions, llvm-mca reports), model.csv,
model-regions.csv and model.md.  --smoke prints PASS/FAIL lines (every
region found and modelled; no speed is asserted) instead of the tables.

What a message costs (the SIMD work the drivers run for one request of
the Adiantum template of Linux 6.1, the same template over both sides):
XChaCha12 over the template's stream length (the message rounded to a
whole 64-byte block inside it: all of a 512- or 4096-byte message) plus
one HChaCha, and NH twice over the message less its last 16 bytes, in
NH messages of 1024 bytes.  Poly1305 is scalar and AES one block: both
are left out on both sides.  The C around the cores is not modelled.
"""
import os
import subprocess
import sys

from cores import LINUX, all_cores
from mca import ModelError, Object, assemble, mca

NROUNDS = 12
LOOP_ITERATIONS = 100
MESSAGES = (4096, 512)
# bytes of the XOR pass per FPU section without AVX2 (adiantum_glue.c)
SECTION = 2048

# llvm's scheduling models for the CPUs Adiantum is for; sandybridge stands
# in for Core 2, which llvm has no model of, so it gets Core 2's SSSE3
CPUS = [
    ("bonnell", "ssse3"), ("silvermont", "ssse3"), ("goldmont", "ssse3"),
    ("btver2", "avx"), ("bdver2", "avx"), ("sandybridge", "ssse3"),
    ("haswell", "avx2"), ("znver1", "avx2"), ("znver3", "avx2"),
    ("znver4", "avx2"),     # if this llvm has it
]
# where our driver serves the SSE2 ChaCha although the CPU has SSSE3: the
# pshufb-is-slow CPUs of arch/x86/crypto/cpu_quirks.h without AVX
# (Jaguar, btver2, is on that list too, but its AVX variant outranks both;
# llvm's goldmont is the Silvermont model, but Goldmont is not on the list)
SLOW_PSHUFB = {"bonnell", "silvermont"}
LEVELS = ["sse2", "ssse3", "avx", "avx2"]
NEEDS = {"chacha-sse2": "sse2", "chacha-ssse3": "ssse3",
         "chacha-avx": "avx", "chacha-avx2": "avx2", "hchacha": "ssse3",
         "nh-sse2": "sse2", "nh-avx": "avx", "nh-avx2": "avx2"}


def has(level, core):
    return LEVELS.index(level) >= LEVELS.index(NEEDS[core])


def known_cpus():
    out = subprocess.run(["llvm-mca", "-mtriple=x86_64", "-mcpu=help"],
                         capture_output=True, text=True)
    names = {line.split()[0] for line in (out.stdout + out.stderr)
             .splitlines() if line.startswith("  ") and line.split()}
    return [(c, lvl) for c, lvl in CPUS if c in names]


class Model:
    def __init__(self, top, build):
        self.top, self.build = top, build
        self.dir = os.path.join(build, "model")
        os.makedirs(self.dir, exist_ok=True)
        self.cores = all_cores()
        self.objects = {}
        self.asm = {}           # (side, core, region) -> text
        self.verdicts = {}      # (cpu, side, core, region) -> Verdict
        self.errors = {}        # (side, core) -> message

    def src_path(self, src):
        if src.startswith(LINUX):
            return os.path.join(self.build, src)
        return os.path.join(self.top, src)

    def object(self, src):
        if src not in self.objects:
            path = self.src_path(src)
            if not os.path.exists(path):
                raise ModelError("%s missing (make extracts it)" % path)
            side = "linux" if src.startswith(LINUX) else "ours"
            obj = os.path.join(self.dir, "%s-%s.o" % (
                side, os.path.basename(src)[:-2]))
            assemble(path, obj, [os.path.join(self.top, "tools/common/shim"),
                                 os.path.join(self.top, "tools/bench-shim")])
            self.objects[src] = Object(obj)
        return self.objects[src]

    def cut(self, key, core):
        obj = self.object(core.src)
        number = None
        for name, (kind, func, start, end, skip) in core.regions.items():
            if core.anchor and number is None:
                found = obj.labels_in(func, core.anchor)
                if len(found) != 1:
                    raise ModelError("%s: %s: %d labels %s, want one" % (
                        core.src, func, len(found), core.anchor))
                label = [n for a, n in obj.labels if a == found[0]
                         and n.startswith(".Lbatch")][0]
                number = label[len(".Lbatch"):]

            def fix(p):
                return p.replace("\\@", number) if number else p
            self.asm[key + (name,)] = obj.cut(
                func, fix(start), fix(end),
                [(fix(a), fix(b)) for a, b in skip])

    def run(self, cpus):
        for key, core in self.cores.items():
            try:
                self.cut(key, core)
                for cpu, level in cpus:
                    if not has(level, core.name):
                        continue
                    for name, region in core.regions.items():
                        iters = LOOP_ITERATIONS if region[0] == "loop" else 1
                        path = os.path.join(self.dir, "%s-%s-%s-%s.s" % (
                            cpu, key[0], key[1], name))
                        self.verdicts[(cpu,) + key + (name,)] = mca(
                            self.asm[key + (name,)], cpu, iters, path)
            except ModelError as e:
                self.errors[key] = str(e)

    def cycles(self, cpu, side, core, length):
        """(cycles, {region: cycles}) of one call of @core on @length."""
        parts = {}
        for region, count in self.cores[(side, core)].plan(length, NROUNDS):
            v = self.verdicts[(cpu, side, core, region)]
            parts[region] = parts.get(region, 0) + count * v.per_iter
        return sum(parts.values()), parts

    def cores_for(self, cpu, level, side, stream=None):
        """The ChaCha and NH cores a message runs on @cpu."""
        ours_avx = side == "ours" and has(level, "chacha-avx")
        if stream is None:
            if has(level, "chacha-avx2"):
                stream = "chacha-avx2"
            elif ours_avx:
                stream = "chacha-avx"
            elif side == "ours" and cpu in SLOW_PSHUFB:
                stream = "chacha-sse2"
            else:
                stream = "chacha-ssse3"
        if has(level, "nh-avx2"):
            nh = "nh-avx2"
        else:
            nh = "nh-avx" if ours_avx else "nh-sse2"
        return stream, nh

    @staticmethod
    def nh_calls(nh, length):
        """NH over @length bytes: one call per 1024-byte NH message."""
        calls = []
        while length > 0:
            calls.append((nh, min(length, 1024)))
            length -= min(length, 1024)
        return calls

    def spend(self, cpu, side, calls):
        """Cycles of @calls, and per (core, region)."""
        total, spent = 0.0, {}
        for core, n in calls:
            c, parts = self.cycles(cpu, side, core, n)
            total += c
            for region, cy in parts.items():
                spent[(core, region)] = spent.get((core, region), 0) + cy
        return total, spent

    def fpu_section(self, cpu, level, side, length=4096):
        """The longest kernel_fpu_begin() section of one message.

        Ours: the whole one-page message in one section where the CPU
        has AVX2; elsewhere the hash of L with the middle, then the XOR
        pass SECTION bytes at a time, each hashed as it goes
        (adiantum_glue.c).  Linux 6.1: its ChaCha and NH glue each take
        at most a page per section."""
        stream, nh = self.cores_for(cpu, level, side)
        bulk = length - 16
        if side == "linux":
            return max(self.spend(cpu, side, [(stream, length)])[0],
                       self.spend(cpu, side, self.nh_calls(nh, bulk))[0])
        if has(level, "chacha-avx2"):
            return self.message(cpu, level, side, length)[0]
        longest = self.spend(cpu, side, [("hchacha", 64)] +
                             self.nh_calls(nh, bulk))[0]
        for off in range(0, bulk, SECTION):
            n = min(SECTION, bulk - off)
            piece = [(stream, -(-n // 64) * 64)] + self.nh_calls(nh, n)
            longest = max(longest, self.spend(cpu, side, piece)[0])
        return longest

    def message(self, cpu, level, side, length, stream=None):
        """Cycles of one message and the (core, region) costing most."""
        stream, nh = self.cores_for(cpu, level, side, stream)
        bulk = length - 16
        # both stream L rounded up to a block where the message has room
        # (Linux's template; our driver's one-buffer path, crypto/adiantum.h)
        streamed = min(-(-bulk // 64) * 64, length)
        calls = [(stream, streamed), ("hchacha", 64)]
        left = bulk
        while left > 0:
            calls += [(nh, min(left, 1024))] * 2
            left -= min(left, 1024)
        total, spent = self.spend(cpu, side, calls)
        worst = max(spent, key=spent.get)
        v = self.verdicts[(cpu, side) + worst]
        return total, "%s %s %.0f%% (%s)" % (worst[0], worst[1],
                                              100 * spent[worst] / total,
                                              v.bottleneck)

    def per64(self, cpu, side, core):
        """A main NH loop's cycles per 64 bytes (ours AVX2: 128 a loop)."""
        if side == "ours" and core == "nh-avx2":
            return self.verdicts[(cpu, side, core, "eight")].per_iter / 2
        return self.verdicts[(cpu, side, core, "four")].per_iter

    def items(self, cpu, level):
        """(item, ours, linux, note) rows for one CPU."""
        rows = []
        for n in MESSAGES:
            o, onote = self.message(cpu, level, "ours", n)
            li, lnote = self.message(cpu, level, "linux", n)
            rows.append(("adiantum-%d" % n, o, li, onote, lnote))
        # without AVX: what our SSE2 ChaCha would make of the message
        # (which core serves which CPU is decided elsewhere: issue 10, 3)
        if not has(level, "chacha-avx"):
            for n in MESSAGES:
                o, onote = self.message(cpu, level, "ours", n, "chacha-sse2")
                li, lnote = self.message(cpu, level, "linux", n)
                rows.append(("adiantum-%d-sse2-chacha" % n, o, li, onote,
                             lnote))
        # our AVX cores against what Linux runs there: SSE2 NH, SSSE3 ChaCha
        for nh, linux in (("nh-sse2", "nh-sse2"), ("nh-avx", "nh-sse2"),
                          ("nh-avx2", "nh-avx2")):
            if not has(level, nh):
                continue
            rows.append((nh + "-64", self.per64(cpu, "ours", nh),
                         self.per64(cpu, "linux", linux), "", ""))
            rows.append((nh + "-1024",
                         self.cycles(cpu, "ours", nh, 1024)[0],
                         self.cycles(cpu, "linux", linux, 1024)[0], "", ""))
        # our SSE2 ChaCha against what Linux runs there: its SSSE3 one
        for ours, linux in (("chacha-sse2", "chacha-ssse3"),
                            ("chacha-ssse3", "chacha-ssse3"),
                            ("chacha-avx", "chacha-ssse3"),
                            ("chacha-avx2", "chacha-avx2")):
            if has(level, ours) and has(level, linux):
                rows.append((ours + "-4096",
                             self.cycles(cpu, "ours", ours, 4096)[0],
                             self.cycles(cpu, "linux", linux, 4096)[0],
                             "", ""))
        # one double round of a batch: the loop that dominates ChaCha
        for core, linux in (("chacha-ssse3", "chacha-ssse3"),
                            ("chacha-avx", "chacha-ssse3"),
                            ("chacha-avx2", "chacha-avx2")):
            if has(level, core):
                rows.append((core + "-dround",
                             self.verdicts[(cpu, "ours", core,
                                            "round")].per_iter,
                             self.verdicts[(cpu, "linux", linux,
                                            "round")].per_iter, "", ""))
        rows.append(("hchacha", self.cycles(cpu, "ours", "hchacha", 64)[0],
                     self.cycles(cpu, "linux", "hchacha", 64)[0], "", ""))
        rows.append(("fpu-section-4096",
                     self.fpu_section(cpu, level, "ours"),
                     self.fpu_section(cpu, level, "linux"), "", ""))
        return rows


def write_outputs(model, cpus, build):
    table = {}
    with open(os.path.join(build, "model.csv"), "w") as f:
        f.write("cpu,item,ours_cycles,linux_cycles,ratio\n")
        for cpu, level in cpus:
            table[cpu] = model.items(cpu, level)
            for item, o, li, _, _ in table[cpu]:
                f.write("%s,%s,%.1f,%.1f,%.3f\n" % (cpu, item, o, li, o / li))
    with open(os.path.join(build, "model-regions.csv"), "w") as f:
        f.write("cpu,side,core,region,kind,cycles,bottleneck\n")
        for (cpu, side, core, region), v in sorted(model.verdicts.items()):
            kind = model.cores[(side, core)].regions[region][0]
            f.write("%s,%s,%s,%s,%s,%.2f,%s\n" % (
                cpu, side, core, region, kind, v.per_iter, v.bottleneck))
    return table


# (title, our core, its region, Linux's core, its region, iterations)
LOOPS = [("nh-sse2 per 64 B", "nh-sse2", "four", "nh-sse2", "four", 1),
         ("chacha-ssse3 double round", "chacha-ssse3", "round",
          "chacha-ssse3", "round", 1),
         ("nh-avx per 64 B (Linux: SSE2)", "nh-avx", "four", "nh-sse2",
          "four", 1),
         ("chacha-avx double round (Linux: SSSE3)", "chacha-avx", "round",
          "chacha-ssse3", "round", 1),
         ("nh-avx2 per 64 B", "nh-avx2", "eight", "nh-avx2", "four", 0.5),
         ("chacha-avx2 double round", "chacha-avx2", "round", "chacha-avx2",
          "round", 1)]


def loops_markdown(model, cpus):
    """The main loops side by side: cycles and bottleneck, ours / Linux."""
    lines = ["| -mcpu | " + " | ".join(name for name, *_ in LOOPS) + " |",
             "|---|" + "---|" * len(LOOPS)]
    for cpu, level in cpus:
        cells = []
        for name, core, ours, lcore, linux, times in LOOPS:
            if not has(level, core):
                cells.append("-")
                continue
            o = model.verdicts[(cpu, "ours", core, ours)]
            li = model.verdicts[(cpu, "linux", lcore, linux)]
            cells.append("%.1f (%s) / %.1f (%s)" % (
                o.per_iter * times, o.bottleneck, li.per_iter,
                li.bottleneck))
        lines.append("| %s | %s |" % (cpu, " | ".join(cells)))
    return "\n".join(lines) + "\n"


def markdown(table):
    lines = ["| -mcpu | 4 KiB ours | 4 KiB Linux | ratio | 512 B ours | "
             "512 B Linux | ratio | NH SSE2 per 64 B | ours: most cycles "
             "(4 KiB) | Linux: most cycles (4 KiB) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for cpu, rows in table.items():
        r = {row[0]: row for row in rows}
        a, b, nh = r["adiantum-4096"], r["adiantum-512"], r["nh-sse2-64"]
        lines.append("| %s | %.0f | %.0f | %.3f | %.0f | %.0f | %.3f | "
                     "%.1f / %.1f = %.3f | %s | %s |" % (
                         cpu, a[1], a[2], a[1] / a[2], b[1], b[2],
                         b[1] / b[2], nh[1], nh[2], nh[1] / nh[2],
                         a[3], a[4]))
    lines.append("")
    # the other items, ours / Linux: CPUs without AVX2 have fewer
    items = []
    for rows in table.values():
        for row in rows:
            if row[0] in ("adiantum-4096", "adiantum-512"):
                continue
            if row[0] not in items:
                items.append(row[0])
    lines.append("| -mcpu | " + " | ".join(items) + " |")
    lines.append("|---|" + "---:|" * len(items))
    for cpu, rows in table.items():
        r = {row[0]: row for row in rows}
        lines.append("| %s | " % cpu + " | ".join(
            "%.3f" % (r[i][1] / r[i][2]) if i in r else "-"
            for i in items) + " |")
    return "\n".join(lines) + "\n"


def main(argv):
    smoke = "--smoke" in argv
    args = [a for a in argv if a != "--smoke"]
    if len(args) != 1:
        sys.stderr.write("usage: model.py [--smoke] BUILD_DIR\n")
        return 2
    build = os.path.abspath(args[0])
    top = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    try:
        cpus = known_cpus()
    except OSError as e:
        print("FAIL model: llvm-mca not runnable (%s): apt-get install "
              "--no-install-recommends llvm" % e)
        return 0 if smoke else 1
    missing = [c for c, _ in CPUS if c not in dict(cpus)]
    model = Model(top, build)
    model.run(cpus)
    failed = bool(model.errors) or len(cpus) < len(CPUS) - 1
    if smoke:
        for key, core in sorted(model.cores.items()):
            if key in model.errors:
                print("FAIL model %s %s: %s" % (key[0], key[1],
                                                model.errors[key]))
                continue
            n = len([k for k in model.verdicts if k[1:3] == key])
            print("PASS model %s %s: %d regions x CPUs modelled"
                  % (key[0], key[1], n))
    else:
        for key, err in model.errors.items():
            sys.stderr.write("model: %s %s: %s\n" % (key[0], key[1], err))
    if model.errors:
        return 0 if smoke else 1
    table = write_outputs(model, cpus, build)
    md = markdown(table) + "\n" + loops_markdown(model, cpus)
    with open(os.path.join(build, "model.md"), "w") as f:
        f.write(md)
    want = {"adiantum-4096", "adiantum-512", "nh-sse2-64"}
    rows_ok = all(want <= {r[0] for r in rows} and
                  all(r[1] > 0 and r[2] > 0 for r in rows)
                  for rows in table.values())
    if smoke:
        print("%s model: %s for %d CPUs (%s)%s" % (
            "PASS" if rows_ok and not failed else "FAIL",
            os.path.join(build, "model.csv"), len(cpus),
            " ".join(c for c, _ in cpus),
            ", not in this llvm: " + " ".join(missing) if missing else ""))
        return 0
    sys.stdout.write(md)
    if missing:
        print("not in this llvm-mca: %s" % " ".join(missing))
    return 0 if rows_ok and not failed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

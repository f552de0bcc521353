# SPDX-License-Identifier: GPL-2.0
"""
The cores the model looks at, ours and Linux 6.1's: where each region
starts and ends (labels of the sources), and how often a call of the core
runs each region for a given length.

A region is (function, start, end[, skip]) with the points of
mca.Object.point(); "loop" regions are modelled in the steady state
(cycles per iteration over many iterations), "once" regions as one pass
through straight-line code.  Only the lengths the messages need are
supported (whole batches of the ChaCha cores; NH tails of 0 or 3 units):
any other length is an error, not a guess.
"""
import re

from mca import ModelError

OURS = "arch/x86/crypto"
LINUX = "linux-source-6.1/arch/x86/crypto"     # under build/


class Core:
    def __init__(self, side, name, src, regions, plan, anchor=None):
        self.side = side            # "ours" or "linux"
        self.name = name            # e.g. chacha-ssse3
        self.src = src              # path of the .S (LINUX: under build/)
        self.regions = regions      # name -> (kind, func, start, end, skip)
        self.plan = plan            # (length, nrounds) -> [(region, count)]
        self.anchor = anchor        # label whose group gives \@, if used


def whole(length, batch, what):
    if length <= 0 or length % batch:
        raise ModelError("%s: %d bytes is not whole %d-byte batches"
                         % (what, length, batch))
    return length // batch


def source_define(path, name):
    """A #define of the source, e.g. the size of the wiped keystream."""
    with open(path) as f:
        m = re.search(r"^#define\s+%s\s+(\d+)" % name, f.read(), re.M)
    if not m:
        raise ModelError("%s: no #define %s" % (path, name))
    return int(m.group(1))


# the OUT macro of our ChaCha cores: a full batch XORs, a final partial one
# parks its keystream in KS; each leaves the other path out
XOR_PATH = [(r"\.Lpark\d*", r"\.Lnext\d*")]
PARK_PATH = [("into:" + r"\.Lpark\d*", r"\.Lpark\d*")]


def ours_chacha(name, func, src, batch, vector):
    """
    ax86_chacha_xor_*: setup, per batch (rows loaded, rounds, output), a
    final partial batch XORed from the parked keystream (16 or 32 bytes,
    then single bytes, at a time), and the wipe of the frame: up to KS
    after whole batches, all of it after a partial one.
    """
    # each core is a macro expanded more than once (the SSE ones per ISA,
    # the AVX2 one plain and in pairs): their labels end in the number gas
    # gives that expansion (\@), the one .Lbatch of the function has it
    n = "\\@"
    chunk = r"\.Ltail%d" % vector + n
    regions = {
        "setup": ("once", func, "FUNC", r"\.Lbatch" + n, ()),
        "load": ("once", func, r"\.Lbatch" + n, r"\.Lround" + n, ()),
        "round": ("loop", func, r"\.Lround" + n, "loop:\\.Lround" + n, ()),
        "out": ("once", func, "loop:\\.Lround" + n, r"\.Ltail" + n,
                XOR_PATH),
        "out_part": ("once", func, "loop:\\.Lround" + n, r"\.Ltail" + n,
                     PARK_PATH),
        "tail": ("once", func, r"\.Ltail" + n, chunk, ()),
        "tail_chunk": ("loop", func, chunk, "loop:" + chunk, ()),
        "tail_byte": ("loop", func, r"\.Ltail1" + n, r"loop:\.Ltail1" + n,
                      ()),
        "tail_done": ("once", func, r"\.Ltail_done" + n, r"\.Ldone" + n, ()),
        "finish": ("once", func, r"\.Ldone" + n, r"\.Lwipe" + n, ()),
        "wipe_part": ("once", func, r"\.Lwipe_from_0" + n, r"\.Lwipe" + n,
                      ()),
        "wipe": ("loop", func, r"\.Lwipe" + n, "loop:\\.Lwipe" + n, ()),
        "ret": ("once", func, "loop:\\.Lwipe" + n, "END", ()),
    }

    def plan(length, nrounds):
        if length <= 0:
            raise ModelError("%s: empty stream" % name)
        full, part = divmod(length, batch)
        batches = full + (part > 0)
        steps = [("setup", 1), ("load", batches),
                 ("round", batches * nrounds // 2), ("out", full)]
        if part:
            steps += [("out_part", 1), ("tail", 1),
                      ("tail_chunk", part // vector),
                      ("tail_byte", part % vector), ("tail_done", 1),
                      ("wipe_part", 1),
                      ("wipe", source_define(src, "FRAME_BYTES") // vector)]
        else:
            steps += [("finish", 1),
                      ("wipe", source_define(src, "KS") // vector)]
        return steps + [("ret", 1)]
    return Core("ours", name, src, regions, plan, r"\.Lbatch(\d+)")


def ours_hchacha():
    func = "ax86_hchacha_ssse3"
    regions = {
        "setup": ("once", func, "FUNC", r"\.Ldround", ()),
        "round": ("loop", func, r"\.Ldround", r"loop:\.Ldround", ()),
        "out": ("once", func, r"loop:\.Ldround", "END", ()),
    }
    return Core("ours", "hchacha", OURS + "/hchacha-ssse3-x86_64.S", regions,
                lambda length, nr: [("setup", 1), ("round", nr // 2),
                                    ("out", 1)])


def nh_units_left(length, step, what):
    if length <= 0 or length % 16 or length > 1024:
        raise ModelError("%s: bad NH length %d" % (what, length))
    return (length % step) // 16


def ours_nh_sse2():
    """Four units (64 bytes) a loop, one unit a loop for the rest."""
    func = "ax86_nh_sse2"
    regions = {
        "setup": ("once", func, "FUNC", r"\.Lfour", ()),
        "four": ("loop", func, r"\.Lfour", r"loop:\.Lfour", ()),
        "drain": ("once", func, r"loop:\.Lfour", r"\.Lone", ()),
        "one": ("loop", func, r"\.Lone", r"loop:\.Lone", ()),
        "sum": ("once", func, r"\.Lsum", "END", ()),
    }

    def plan(length, nrounds):
        left = nh_units_left(length, 64, "nh-sse2")
        return [("setup", 1), ("four", length // 64),
                ("drain", int(length >= 64)), ("one", left), ("sum", 1)]
    return Core("ours", "nh-sse2", OURS + "/nh-sse2-x86_64.S", regions, plan)


def ours_nh_avx():
    """Four units (xmm, VEX) a loop, one unit a loop for the rest."""
    func = "ax86_nh_avx"
    regions = {
        "setup": ("once", func, "FUNC", r"\.Lfour_avx", ()),
        "four": ("loop", func, r"\.Lfour_avx", r"loop:\.Lfour_avx", ()),
        "one": ("loop", func, r"\.Lone_avx", r"loop:\.Lone_avx", ()),
        "sum": ("once", func, r"\.Lsum_avx", "END", ()),
    }

    def plan(length, nrounds):
        left = nh_units_left(length, 64, "nh-avx")
        return [("setup", 1), ("four", length // 64), ("one", left),
                ("sum", 1)]
    return Core("ours", "nh-avx", OURS + "/nh-avx2-x86_64.S", regions, plan)


def ours_nh_avx2():
    """Eight units (four ymm steps) a loop, then two a loop, then one (xmm)."""
    func = "ax86_nh_avx2"
    regions = {
        "setup": ("once", func, "FUNC", r"\.Leight", ()),
        "eight": ("loop", func, r"\.Leight", r"loop:\.Leight", ()),
        "pair": ("loop", func, r"\.Lpair", r"loop:\.Lpair", ()),
        "odd": ("once", func, r"\.Lodd", r"\.Lsum", ()),
        "sum": ("once", func, r"\.Lsum", "END", ()),
    }

    def plan(length, nrounds):
        left = nh_units_left(length, 32, "nh-avx2")
        return [("setup", 1), ("eight", length // 128),
                ("pair", length % 128 // 32), ("odd", left), ("sum", 1)]
    return Core("ours", "nh-avx2", OURS + "/nh-avx2-x86_64.S", regions, plan)


def linux_chacha(name, func, src, batch, head):
    """One call per batch (chacha_dosimd's loop); whole batches only."""
    regions = {
        "setup": ("once", func, "FUNC", head, ()),
        "round": ("loop", func, head, "loop:" + head, ()),
        "out": ("once", func, "loop:" + head, r"\.Lxorpart\d", ()),
    }

    def plan(length, nrounds):
        calls = whole(length, batch, name)
        return [("setup", calls), ("round", calls * nrounds // 2),
                ("out", calls)]
    return Core("linux", name, src, regions, plan)


def linux_hchacha():
    src = LINUX + "/chacha-ssse3-x86_64.S"
    regions = {
        "call": ("once", "hchacha_block_ssse3", "FUNC", "END", ()),
        "setup": ("once", "chacha_permute", "FUNC", r"\.Ldoubleround", ()),
        "round": ("loop", "chacha_permute", r"\.Ldoubleround",
                  r"loop:\.Ldoubleround", ()),
        "out": ("once", "chacha_permute", r"loop:\.Ldoubleround", "END", ()),
    }
    return Core("linux", "hchacha", src, regions,
                lambda length, nr: [("call", 1), ("setup", 1),
                                    ("round", nr // 2), ("out", 1)])


def linux_nh(name, func, src):
    """64 bytes a loop; a tail of three units is straight-line code."""
    regions = {
        "setup": ("once", func, "FUNC", r"\.Lloop4", ()),
        "four": ("loop", func, r"\.Lloop4", r"loop:\.Lloop4", ()),
        "tail3": ("once", func, r"\.Lloop4_done", r"\.Ldone", ()),
        "sum": ("once", func, r"\.Ldone", "END", ()),
    }

    def plan(length, nrounds):
        left = nh_units_left(length, 64, name)
        if left not in (0, 3):
            raise ModelError("%s: a tail of %d units is not modelled"
                             % (name, left))
        return [("setup", 1), ("four", length // 64), ("tail3", left // 3),
                ("sum", 1)]
    return Core("linux", name, src, regions, plan)


def all_cores():
    sse = OURS + "/chacha-sse-x86_64.S"
    avx2 = OURS + "/chacha-avx2-x86_64.S"
    return {
        ("ours", "chacha-sse2"): ours_chacha("chacha-sse2",
                                             "ax86_chacha_xor_sse2", sse,
                                             256, 16),
        ("ours", "chacha-ssse3"): ours_chacha("chacha-ssse3",
                                              "ax86_chacha_xor_ssse3", sse,
                                              256, 16),
        ("ours", "chacha-avx"): ours_chacha("chacha-avx",
                                            "ax86_chacha_xor_avx", sse,
                                            256, 16),
        ("ours", "chacha-avx2"): ours_chacha("chacha-avx2",
                                             "ax86_chacha_xor_avx2", avx2,
                                             512, 32),
        ("ours", "hchacha"): ours_hchacha(),
        ("ours", "nh-sse2"): ours_nh_sse2(),
        ("ours", "nh-avx"): ours_nh_avx(),
        ("ours", "nh-avx2"): ours_nh_avx2(),
        ("linux", "chacha-ssse3"): linux_chacha(
            "chacha-ssse3", "chacha_4block_xor_ssse3",
            LINUX + "/chacha-ssse3-x86_64.S", 256, r"\.Ldoubleround4"),
        ("linux", "chacha-avx2"): linux_chacha(
            "chacha-avx2", "chacha_8block_xor_avx2",
            LINUX + "/chacha-avx2-x86_64.S", 512, r"\.Ldoubleround8"),
        ("linux", "hchacha"): linux_hchacha(),
        ("linux", "nh-sse2"): linux_nh("nh-sse2", "nh_sse2",
                                       LINUX + "/nh-sse2-x86_64.S"),
        ("linux", "nh-avx2"): linux_nh("nh-avx2", "nh_avx2",
                                       LINUX + "/nh-avx2-x86_64.S"),
    }

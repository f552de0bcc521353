# SPDX-License-Identifier: GPL-2.0
"""
What the model runs: the CPUs, which code serves each of them on each
side, the calls one Adiantum message makes in the order it makes them,
and the loops of the cores (labels of the sources) for the per-loop
tables.

A call is a job of tools/model/trace.c, "side:core:arg" (arg: bytes,
Poly1305 blocks, or 1 to encrypt and 0 to decrypt); a walk is a tuple of
calls and BARRIERs, modelled as one straight run of the instructions the
calls executed (model.py).  A BARRIER stands where the next call needs
the previous one's result through memory and nothing of it can start
earlier (M1 -> AES -> HChaCha -> the stream): llvm-mca does not see
dependencies through memory, so without it the next call would overlap
the chain it waits for.
"""
import re

from mca import ModelError

OURS = "arch/x86/crypto"
LINUX = "linux-source-6.1/arch/x86/crypto"     # under build/
LINUX_TOP = "linux-source-6.1"                 # under build/

BARRIER = "barrier"
MESSAGES = (4096, 512)

# (name, llvm -mcpu, the widest ISA of ours it has, AES-NI, pshufb slow,
# paddq slow, 64-bit multiply slow) named for the AES they have; sandybridge-noaesni is a Sandy
# Bridge Pentium (SSSE3, no AVX, no AES-NI), and stands in for Core 2 too;
# the slow-pshufb CPUs are cpu_quirks.h's ax86_slow_pshufb_models (Bonnell
# to Airmont) and AMD family 0x16 (Jaguar: btver2), the slow-paddq ones its
# ax86_slow_paddq_models (Silvermont, Airmont), the slow-mulq ones its
# ax86_slow_mul64_models (Bonnell, Saltwell); llvm 14's goldmont is its
# Silvermont model, but Goldmont is on none of the lists
CPUS = [
    ("bonnell", "bonnell", "ssse3", False, True, False, True),
    ("silvermont-noaesni", "silvermont", "ssse3", False, True, True, False),
    ("silvermont", "silvermont", "ssse3", True, True, True, False),
    ("goldmont", "goldmont", "ssse3", True, False, False, False),
    ("btver2", "btver2", "avx", True, True, False, False),
    ("bdver2", "bdver2", "avx", True, False, False, False),
    ("sandybridge-noaesni", "sandybridge", "ssse3", False, False, False, False),
    ("haswell", "haswell", "avx2", True, False, False, False),
    ("znver1", "znver1", "avx2", True, False, False, False),
    ("znver3", "znver3", "avx2", True, False, False, False),
    ("znver4", "znver4", "avx2", True, False, False, False),  # if llvm has it
]

LEVELS = ["sse2", "ssse3", "avx", "avx2"]
# the ISA each traced core needs ("aes": AES-NI on top of SSE2)
NEEDS = {"chacha-sse2": "sse2", "chacha-ssse3": "ssse3",
         "chacha-avx": "avx", "chacha-avx2": "avx2",
         "nh-sse2": "sse2", "nh-sse2-dsum": "sse2", "nh-avx": "avx", "nh-avx2": "avx2",
         "hchacha-ssse3": "ssse3", "hchacha-scalar": "sse2",
         "poly1305": "sse2", "poly1305-emit": "sse2",
         "poly1305-emit-sse2": "sse2",
         "aes-aesni": "aes", "aes-vperm": "ssse3", "aes-ct": "sse2",
         "aes-vperm-hchacha": "ssse3",
         "aes-generic": "sse2"}


class Cpu:
    def __init__(self, name, mcpu, level, aesni, slow_pshufb, slow_paddq,
                 slow_mul):
        self.name, self.mcpu, self.level = name, mcpu, level
        self.aesni, self.slow_pshufb = aesni, slow_pshufb
        self.slow_paddq, self.slow_mul = slow_paddq, slow_mul

    def has(self, core):
        need = NEEDS[core]
        if need == "aes":
            return self.aesni
        return LEVELS.index(self.level) >= LEVELS.index(need)

    def runs(self, walk):
        return all(self.has(c.split(":")[1]) for c in walk if c != BARRIER)


def call(side, core, arg=0):
    return "%s:%s:%d" % (side, core, arg)


def component(job):
    """stream, hchacha, nh, poly1305 or aes: what a call is part of."""
    core = job.split(":")[1]
    if core.startswith("chacha"):
        return "stream"
    return core.split("-")[0]


def read(path):
    with open(path) as f:
        return f.read()


class Policy:
    """
    Which cores our driver runs per variant, read from the headers that
    decide it, so that the model follows them: adiantum_dispatch.h
    (AX86_ADIANTUM_NH_<isa>, AX86_ADIANTUM_AES_<isa>) and
    chacha_dispatch.h (the HChaCha of each variant).  The variant that
    serves is isa.h's ranking: the widest the CPU has, but SSE2 above
    SSSE3 where pshufb is slow (ssse3 ranks 395, sse2 400).  Zen 5's
    slow-SIMD-chains switch (scalar HChaCha, paired ChaCha) is for AMD
    family 0x1a only, and none of the CPUs here is one.
    """

    def __init__(self, top):
        d = read("%s/%s/adiantum_dispatch.h" % (top, OURS))
        self.nh = dict(re.findall(r"^#define\s+AX86_ADIANTUM_NH_(\w+)\s+(\w+)",
                                  d, re.M))
        self.aes = dict(re.findall(
            r"^#define\s+AX86_ADIANTUM_AES_(\w+)\s+(\w+)", d, re.M))
        self.poly = dict(re.findall(
            r"^#define\s+AX86_ADIANTUM_POLY_(\w+)\s+(\w+)", d, re.M))
        c = read("%s/%s/chacha_dispatch.h" % (top, OURS))
        self.hchacha = dict(re.findall(
            r"^AX86_HCHACHA_SIMD\((\w+), (\w+)\)", c, re.M))
        m = re.search(r"ax86_hchacha_for_sse2\([^)]*\)\s*\{\s*"
                      r"ax86_hchacha_(\w+)\(", c)
        if m:
            self.hchacha["sse2"] = m.group(1)
        for isa in LEVELS:
            for what, table in (("NH", self.nh), ("AES", self.aes),
                                ("HChaCha", self.hchacha),
                                ("Poly1305", self.poly)):
                if isa not in table:
                    raise ModelError("the headers name no %s core for the "
                                     "%s variant" % (what, isa))

    @staticmethod
    def variant(cpu):
        if cpu.slow_pshufb and cpu.level == "ssse3":
            return "sse2"
        return cpu.level

    @staticmethod
    def aes_form(cpu, form):
        """
        The glue decides the AES form by the CPU (adiantum_glue.c):
        AES-NI, else the vector-permute core wherever there is SSSE3 (the
        sse2 variant too, on the slow-pshufb Atoms), else the header's
        form of the variant.
        """
        if cpu.aesni:
            return "aes-aesni"
        if cpu.level != "sse2":
            return "aes-vperm"
        return "aes-" + form

    @staticmethod
    def nh_core(cpu, core):
        """nh_dispatch.h's SSE2 NH: 32-bit sums where paddq is slow."""
        if core == "sse2_or_dsum":
            return "sse2-dsum" if cpu.slow_paddq else "sse2"
        return core

    @staticmethod
    def poly_core(cpu, form):
        """
        adiantum_dispatch.h's Poly1305 of the one-go path: SSE2 where
        mulq is slow.  Without AVX2 the glue takes that path only for
        messages of up to 2048 bytes (AX86_FPU_SECTION_BYTES); this model
        walks the one-go path at 4096 too, so there it keeps the scalar
        core the sectioned path runs.
        """
        if form == "sse2_or_scalar" and cpu.slow_mul:
            return "poly1305-emit-sse2"
        return "poly1305-emit"

    def ours(self, cpu):
        isa = self.variant(cpu)
        return {"variant": isa, "stream": "chacha-" + isa,
                "hchacha": "hchacha-" + self.hchacha[isa],
                "nh": "nh-" + self.nh_core(cpu, self.nh[isa]),
                "aes": self.aes_form(cpu, self.aes[isa]),
                "poly": self.poly_core(cpu, self.poly[isa])}

    @staticmethod
    def linux(cpu):
        """
        Linux 6.1's adiantum template on that CPU: xchacha12-simd (AVX2
        8-block calls or SSSE3 4-block calls, chacha_glue.c), its SSSE3
        HChaCha, nhpoly1305-avx2 or -sse2, Poly1305 in C
        (poly1305_core_*() of lib/crypto/poly1305-donna64.c, for the
        tweak and inside nhpoly1305) and the "aes" cipher: aes-aesni, else
        aes-generic.
        """
        avx2 = cpu.level == "avx2"
        return {"variant": "avx2" if avx2 else "ssse3",
                "stream": "chacha-avx2" if avx2 else "chacha-ssse3",
                "hchacha": "hchacha-ssse3",
                "nh": "nh-avx2" if avx2 else "nh-sse2",
                "aes": "aes-aesni" if cpu.aesni else "aes-generic"}


def nh_messages(bulk):
    """L in NH messages of 1024 bytes, the last one shorter."""
    if bulk <= 0 or bulk % 16:
        raise ModelError("L of %d bytes is not whole 16-byte units" % bulk)
    return [min(1024, bulk - off) for off in range(0, bulk, 1024)]


def stream_len(length):
    """The template's stream: L up to a whole block where R has room."""
    bulk = length - 16
    up = -(-bulk // 64) * 64
    return up if up <= length else bulk


def linux_stream(cores, nbytes):
    """chacha_dosimd(): one call per 512 (AVX2) or 256 bytes (SSSE3)."""
    batch = 512 if cores["stream"] == "chacha-avx2" else 256
    if nbytes % batch:
        raise ModelError("Linux's stream of %d bytes is not whole %d-byte "
                         "calls" % (nbytes, batch))
    return [call("linux", cores["stream"], batch)] * (nbytes // batch)


def hash_calls(side, cores, bulk):
    """NHPoly1305 of L, as each side runs it."""
    msgs = nh_messages(bulk)
    nh = [call(side, cores["nh"], n) for n in msgs]
    if side == "ours":
        # the whole-message path (crypto/nhpoly1305.h): every NH, then one
        # Poly1305 call over all their sums that emits (L <= 4 NH messages)
        if len(msgs) > 4:
            raise ModelError("ours: L of %d bytes is not one Poly1305 call"
                             % bulk)
        return nh + [call("ours", one_go_poly(cores, bulk), 2 * len(msgs))]
    # crypto/nhpoly1305.c: each finished NH message's two blocks, the
    # unfinished last one's at final, then the emit
    out = []
    for n, c in zip(msgs, nh):
        out.append(c)
        if n == 1024:
            out.append(call("linux", "poly1305", 2))
    if msgs[-1] != 1024:
        out.append(call("linux", "poly1305", 2))
    return out + [call("linux", "poly1305-emit")]


def one_go_poly(cores, bulk):
    """Ours' Poly1305 core for an L of @bulk bytes (Policy.poly_core)."""
    if bulk + 16 > 2048:
        return "poly1305-emit"
    return cores.get("poly", "poly1305-emit")


def tweak_calls(side, cores=None, bulk=0):
    """H_T: Poly1305 of the header block and the 32-byte tweak."""
    if side == "ours":
        return [call("ours", one_go_poly(cores or {}, bulk), 3)]
    return [call("linux", "poly1305", 1), call("linux", "poly1305", 2),
            call("linux", "poly1305-emit")]


def middle_calls(side, cores, enc):
    """
    The serial chain after H_L, up to the stream, and what the side runs
    after the stream before hashing L_out.  Encrypting, AES makes C_M,
    which HChaCha needs.  Decrypting, C_M is M1 and both AES^-1 and
    HChaCha wait only for it: ours runs the block before HChaCha
    (ax86_adiantum_setup()), or with the vector-permute block both side by
    side in one core (aes-vperm-hchacha, its HChaCha the scalar one), so
    the barrier before the stream waits for both; Linux 6.1 decrypts
    after the stream (adiantum_finish()).
    """
    aes = call(side, cores["aes"], int(enc))
    hchacha = call(side, cores["hchacha"])
    if enc:
        return [BARRIER, aes, BARRIER, hchacha, BARRIER], []
    if side == "ours" and cores["aes"] == "aes-vperm":
        return [BARRIER, call(side, "aes-vperm-hchacha"), BARRIER], []
    if side == "ours":
        return [BARRIER, aes, hchacha, BARRIER], []
    return [BARRIER, hchacha, BARRIER], [aes]


def stream_calls(side, cores, nbytes):
    if side == "ours":
        return [call("ours", cores["stream"], nbytes)]
    return linux_stream(cores, nbytes)


def message(side, cores, length, enc):
    """
    The calls of one whole message, in order.  Ours (crypto/adiantum.h,
    ax86_adiantum_crypt()): NH of L_in, H_T, the Poly1305 of L_in's sums,
    AES, HChaCha, the stream, NH and Poly1305 of L_out.  Linux 6.1
    (crypto/adiantum.c): H_T, NHPoly1305 of L_in, AES (encrypting),
    HChaCha, the stream, AES^-1 (decrypting), NHPoly1305 of L_out.
    """
    bulk = length - 16
    h = hash_calls(side, cores, bulk)
    if side == "ours":
        first = h[:-1] + tweak_calls(side, cores, bulk) + h[-1:]
    else:
        first = tweak_calls(side) + h
    before, after = middle_calls(side, cores, enc)
    return tuple(first + before +
                 stream_calls(side, cores, stream_len(length)) + after + h)


def simd_part(side, cores, length):
    """The SIMD work alone (the old adiantum-N items): NH twice, HChaCha,
    the stream."""
    nh = [c for c in hash_calls(side, cores, length - 16)
          if component(c) == "nh"]
    return tuple(nh + [call(side, cores["hchacha"])] +
                 stream_calls(side, cores, stream_len(length)) + nh)


def sections(side, cores, cpu, length=4096):
    """
    The kernel_fpu_begin() sections of one message of @length bytes:
    a list of walks.  Ours (adiantum_glue.c): one section where the CPU
    has AVX2; elsewhere the hash of L with the middle step (H_T is
    computed before, outside), then the XOR pass AX86_FPU_SECTION_BYTES
    (2048) at a time, each piece hashed as it goes through the NHPoly1305
    state (crypto/nhpoly1305.h: whole NH messages in batches, a short
    last one left for the final).  Linux 6.1: its ChaCha glue and
    nhpoly1305 glue each take at most a page per section.
    """
    bulk = length - 16
    if side == "linux":
        # nhpoly1305-*'s update (every NH and the blocks of the finished
        # messages), then its final
        h = hash_calls(side, cores, bulk)
        last = max(i for i, c in enumerate(h) if component(c) == "nh")
        return [tuple(stream_calls(side, cores, stream_len(length))),
                tuple(h[:last + 1]), tuple(h[last + 1:])]
    if cpu.level == "avx2":
        return [message(side, cores, length, enc) for enc in (True, False)]
    nh = cores["nh"]
    # the hash of L and the middle step: whole NH messages in one batch
    # and their Poly1305 blocks, the short last NH, then the final's emit
    whole, left = divmod(bulk, 1024)
    first = [call("ours", nh, 1024)] * whole
    if whole:
        first.append(call("ours", "poly1305", 2 * whole))
    if left:
        first.append(call("ours", nh, left))
    first.append(call("ours", "poly1305-emit", 2 if left else 0))
    out = [tuple(first + middle_calls("ours", cores, enc)[0][:-1])
           for enc in (True, False)]
    # the XOR pass, each piece hashed the same way; the last one ends
    for off in range(0, bulk, 2048):
        n = min(2048, bulk - off)
        whole, left = divmod(n, 1024)
        piece = [call("ours", cores["stream"], n)]
        piece += [call("ours", nh, 1024)] * whole
        if whole:
            piece.append(call("ours", "poly1305", 2 * whole))
        if left:
            piece.append(call("ours", nh, left))
        if off + n == bulk:
            piece.append(call("ours", "poly1305-emit", 2 if left else 0))
        out.append(tuple(piece))
    return out


# -- the loops, cut out of the sources by their labels ------------------

class Core:
    """Loops of one core: region name -> (func, start, end)."""

    def __init__(self, side, name, src, regions, anchor=None):
        self.side = side
        self.name = name
        self.src = src              # path of the .S (LINUX: under build/)
        self.regions = regions
        self.anchor = anchor        # label whose number gives \@, if used


def ours_chacha(name, func, src):
    # each core is a macro expanded more than once (the SSE ones per ISA,
    # the AVX2 one plain and in pairs): their labels end in the number gas
    # gives that expansion (\@), the one .Lbatch of the function has it
    n = "\\@"
    return Core("ours", name, src,
                {"round": (func, r"\.Lround" + n, "loop:\\.Lround" + n)},
                r"\.Lbatch(\d+)")


def all_loops():
    sse = OURS + "/chacha-sse-x86_64.S"
    nh2 = OURS + "/nh-avx2-x86_64.S"
    lss = LINUX + "/chacha-ssse3-x86_64.S"
    loops = [
        ours_chacha("chacha-sse2", "ax86_chacha_xor_sse2", sse),
        ours_chacha("chacha-ssse3", "ax86_chacha_xor_ssse3", sse),
        ours_chacha("chacha-avx", "ax86_chacha_xor_avx", sse),
        ours_chacha("chacha-avx2", "ax86_chacha_xor_avx2",
                    OURS + "/chacha-avx2-x86_64.S"),
        Core("ours", "nh-sse2", OURS + "/nh-sse2-x86_64.S",
             {"four": ("ax86_nh_sse2", r"\.Lfour", r"loop:\.Lfour")}),
        Core("ours", "nh-sse2-dsum", OURS + "/nh-sse2-dsum-x86_64.S",
             {"unit": ("ax86_nh_sse2_dsum", r"\.Lunit", r"loop:\.Lunit")}),
        Core("ours", "nh-avx", nh2,
             {"four": ("ax86_nh_avx", r"\.Lfour_avx", r"loop:\.Lfour_avx")}),
        Core("ours", "nh-avx2", nh2,
             {"eight": ("ax86_nh_avx2", r"\.Leight", r"loop:\.Leight")}),
        Core("ours", "hchacha-ssse3", OURS + "/hchacha-ssse3-x86_64.S",
             {"round": ("ax86_hchacha_ssse3", r"\.Ldround",
                        r"loop:\.Ldround")}),
        Core("ours", "hchacha-scalar", OURS + "/hchacha-scalar-x86_64.S",
             {"round": ("ax86_hchacha_scalar", r"\.Ldround",
                        r"loop:\.Ldround")}),
        Core("linux", "chacha-ssse3", lss,
             {"round": ("chacha_4block_xor_ssse3", r"\.Ldoubleround4",
                        r"loop:\.Ldoubleround4")}),
        Core("linux", "chacha-avx2", LINUX + "/chacha-avx2-x86_64.S",
             {"round": ("chacha_8block_xor_avx2", r"\.Ldoubleround8",
                        r"loop:\.Ldoubleround8")}),
        Core("linux", "hchacha-ssse3", lss,
             {"round": ("chacha_permute", r"\.Ldoubleround",
                        r"loop:\.Ldoubleround")}),
        Core("linux", "nh-sse2", LINUX + "/nh-sse2-x86_64.S",
             {"four": ("nh_sse2", r"\.Lloop4", r"loop:\.Lloop4")}),
        Core("linux", "nh-avx2", LINUX + "/nh-avx2-x86_64.S",
             {"four": ("nh_avx2", r"\.Lloop4", r"loop:\.Lloop4")}),
    ]
    return {(c.side, c.name): c for c in loops}


# -- what the tracer is built from --------------------------------------

# our assembly, each .S the module has these calls in
OURS_ASM = ["chacha-sse-x86_64.S", "chacha-avx2-x86_64.S",
            "hchacha-ssse3-x86_64.S", "hchacha-scalar-x86_64.S",
            "nh-sse2-x86_64.S", "nh-sse2-dsum-x86_64.S", "nh-avx2-x86_64.S",
            "poly1305-x86_64.S", "poly1305-sse2-x86_64.S", "aesni-x86_64.S",
            "aes-vperm-x86_64.S"]
# our C that runs per message on the traced path, with the kernel's flags
OURS_C = ["crypto/aes_ct.c"]
# Linux 6.1's: assembly, and C with the kernel's flags (aes.c for the key
# schedule only)
LINUX_ASM = ["chacha-ssse3-x86_64.S", "chacha-avx2-x86_64.S",
             "nh-sse2-x86_64.S", "nh-avx2-x86_64.S", "aesni-intel_asm.S"]
LINUX_C = ["crypto/aes_generic.c", "lib/crypto/poly1305-donna64.c",
           "lib/crypto/aes.c"]
# the harness's C, userspace flags: key setup only, never traced (and the
# ChaCha cores' scratch area, one per thread as in every userspace program)
HARNESS_C = ["tools/model/trace.c", "crypto/poly1305_core.c",
             "tools/common/chacha_scratch.c"]

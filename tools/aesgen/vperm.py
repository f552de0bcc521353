# SPDX-License-Identifier: GPL-2.0
"""
The constants of arch/x86/crypto/aes-vperm-x86_64.S: pshufb tables for an
S-box computed with nibble lookups (after Hamburg, "Accelerating AES with
Vector Permute Instructions", CHES 2009; the field, bases and tables here
are derived below), and the byte permutations of ShiftRows and
MixColumns.  vperm.check() runs whole AES-256 blocks on the tables exactly
as the assembly does (pshufb semantics included) against field.py.

The field.  GF(16) = GF(2)[w] / (w^4 + w + 1), a nibble's bit t the
coefficient of w^t.  GF(2^8) = GF(16)[y] / (y^2 + y + nu) with nu the
smallest nibble making that irreducible; Y is a root and Yb = Y + 1 the
other.  A byte x of AES's field is written x = i Y + j Yb (i, j nibbles),
and the assembly keeps the state in the basis beta(x) = (i << 4) | k with
k = i ^ j.  With N = i j + nu k^2 (the norm of x), the inverse is
(j Y + i Yb) / N, and for nibble inverses with 1/0 = "infinity":
    io = 1/(1/i + a/k) + j = N / (nu k + i)     (a = 1/nu)
    jo = 1/(1/j + a/k) + i = N / (nu k + j)
    1/x = (Yb + nu) / io + (Y + nu) / jo
so five lookups of one nibble each and four XORs give two nibbles from
which the output tables give any linear image of 1/x.  Infinity is a byte
with bit 7 set: pshufb returns 0 for it, and XOR with a nibble keeps it.
Each case with a zero nibble (i, j or k 0, 1/i + a/k = 0, x = 0) is what
check() runs through: all 256 bytes.
"""
import random

import field

INF = 0x80


def mul16(a, b):
    p = 0
    for _ in range(4):
        if b & 1:
            p ^= a
        b >>= 1
        a <<= 1
        if a & 0x10:
            a ^= 0x13
    return p


def inv16(a):
    for b in range(1, 16):
        if mul16(a, b) == 1:
            return b
    return None


NU = min(n for n in range(1, 16)
         if all(mul16(z, z) ^ z != n for z in range(16)))
A = inv16(NU)
# w as a byte of AES's field: the smallest root of w^4 + w + 1
OMEGA = min(x for x in range(2, 256)
            if field.power(x, 4) ^ x ^ 1 == 0)


def emb(n):
    """a nibble of GF(16) as a byte of AES's field"""
    r = 0
    for t in range(4):
        if n >> t & 1:
            r ^= field.power(OMEGA, t)
    return r


Y = min(y for y in range(256)
        if field.mul(y, y) ^ y ^ emb(NU) == 0)
YB = Y ^ 1


def beta_inv(b):
    """(i << 4) | k back to AES's field"""
    i, k = b >> 4, b & 15
    return field.mul(emb(i), Y) ^ field.mul(emb(i ^ k), YB)


beta = field.inverse_map(beta_inv)


def pshufb(table, idx):
    return 0 if idx & 0x80 else table[idx & 15]


INV = [inv16(n) if n else INF for n in range(16)]
AK = [mul16(A, inv16(k)) if k else INF for k in range(16)]
C_IO = YB ^ emb(NU)
C_JO = Y ^ emb(NU)


def v_io(n):
    """the share of 1/x that io gives; io is never 0 for x != 0"""
    return field.mul(C_IO, emb(inv16(n))) if n else 0


def v_jo(n):
    return field.mul(C_JO, emb(inv16(n))) if n else 0


def inversion(b):
    """io, jo of the state byte b = beta(x), as the assembly computes them"""
    i, k = b >> 4, b & 15
    j = i ^ k
    ak = pshufb(AK, k)
    io = pshufb(INV, pshufb(INV, i) ^ ak) ^ j
    jo = pshufb(INV, pshufb(INV, j) ^ ak) ^ i
    return io, jo


def out_pair(f):
    """the tables indexed by io and jo giving f(1/x), f linear"""
    return ([f(v_io(n)) for n in range(16)],
            [f(v_jo(n)) for n in range(16)])


def in_pair(f, const=0):
    """lo and hi nibble tables giving f(x) ^ const, f linear"""
    return ([f(n) ^ const for n in range(16)],
            [f(n << 4) for n in range(16)])


def lookup2(pair, x):
    return pshufb(pair[0], x & 15) ^ pshufb(pair[1], x >> 4)


def out2(pair, io, jo):
    return pshufb(pair[0], io) ^ pshufb(pair[1], jo)


# encryption: the state in beta; round keys enter as beta(k ^ 0x63): the
# S-box's constant, which MixColumns leaves as it is in every byte
ENC_IN = in_pair(beta, beta(field.SBOX_CONST))
ENC_S = out_pair(lambda v: beta(field.affine_lin(v)))
ENC_S2 = out_pair(lambda v: beta(field.mul(2, field.affine_lin(v))))
ENC_LAST = out_pair(field.affine_lin)          # AES's basis, no constant

# decryption: the state is gamma(z) for the inverse S-box's z = A^-1(x ^
# 0x63): round keys enter as beta_d(k) ^ gamma(A^-1(0x63)),
# beta_d = gamma A^-1 (linear); the output tables give beta_d(m / z)
A_INV = field.inverse_map(field.affine_lin)


def beta_d(x):
    return beta(A_INV(x))


DEC_IN = in_pair(beta_d, beta(A_INV(field.SBOX_CONST)))
DEC_M = {m: out_pair(lambda v, m=m: beta_d(field.mul(m, v)))
         for m in field.INV_MIX}
DEC_LAST = out_pair(lambda v: v)


# byte permutations: pshufb masks, result[t] = source[mask[t]]
def compose(outer, inner):
    """the mask of outer(inner(s))"""
    return [inner[outer[t]] for t in range(16)]


IDENT = list(range(16))
SR = field.shift_rows(IDENT)
ISR = field.inv_shift_rows(IDENT)
# rotk: row r of each column takes row r + k's byte
ROT = {k: [4 * c + (r + k) % 4 for c in range(4) for r in range(4)]
       for k in (1, 2, 3)}


def per_byte(s, f):
    return [f(b) for b in s]


def permute(s, mask):
    return [s[mask[t]] for t in range(16)]


def enc_block(enc, pt):
    """the assembly's encryption, step by step"""
    x = per_byte(field.xor(field.xor(pt, enc[0]), [0x63] * 16),
                 lambda b: lookup2(ENC_IN, b))
    for r in range(1, 14):
        io_jo = [inversion(b) for b in x]
        a = [out2(ENC_S, *t) for t in io_jo]
        b = [out2(ENC_S2, *t) for t in io_jo]
        key = per_byte(enc[r], lambda v: lookup2(ENC_IN, v))
        c = field.xor(permute(b, SR), permute(a, compose(ROT[1], SR)))
        t = field.xor(field.xor(permute(a, compose(ROT[3], SR)), key), c)
        x = field.xor(permute(c, ROT[1]), t)
    f = [out2(ENC_LAST, *inversion(b)) for b in x]
    return field.xor(field.xor(permute(f, SR), enc[14]), [0x63] * 16)


def dec_block(dec, ct):
    x = per_byte(field.xor(ct, dec[0]), lambda b: lookup2(DEC_IN, b))
    for r in range(1, 14):
        io_jo = [inversion(b) for b in x]
        e = {m: [out2(DEC_M[m], *t) for t in io_jo] for m in DEC_M}
        key = per_byte(dec[r], lambda v: lookup2(DEC_IN, v))
        g = field.xor(field.xor(permute(e[14], ISR),
                                permute(e[13], compose(ROT[2], ISR))), key)
        h = field.xor(permute(e[11], ISR),
                      permute(e[9], compose(ROT[2], ISR)))
        x = field.xor(g, permute(h, ROT[1]))
    w = [out2(DEC_LAST, *inversion(b)) for b in x]
    return field.xor(permute(w, ISR), dec[14])


def check(n=200):
    field.self_check()
    for x in range(256):
        io, jo = inversion(beta(x))
        assert out2(DEC_LAST, io, jo) == field.inv(x), x
        for t in (io, jo):      # clean indices: a nibble or infinity
            assert t & 0x70 == 0, x
    rng = random.Random(20)
    for _ in range(n):
        key = [rng.randrange(256) for _ in range(32)]
        blk = [rng.randrange(256) for _ in range(16)]
        enc, dec = field.expand256(key)
        ct = field.encrypt(enc, blk)
        assert enc_block(enc, blk) == ct
        assert dec_block(dec, ct) == blk


def fmt_bytes(label, vals):
    return "%s\t.byte %s" % (label, ", ".join("0x%02x" % v for v in vals))


def emit():
    """the .rodata of aes-vperm-x86_64.S"""
    lines = []

    def table(label, vals, why):
        lines.append("/* %s */" % why)
        lines.append(fmt_bytes(label + ":", vals))

    def pair(label, p, why):
        lines.append("/* %s */" % why)
        lines.append(fmt_bytes(label + "_io:", p[0]))
        lines.append(fmt_bytes(label + "_jo:", p[1]))

    lines.append(fmt_bytes(".Lnib:", [0x0f] * 16))
    table(".Linv", INV, "1/n in GF(16), 1/0 = infinity (0x80)")
    table(".Lak", AK, "a/k, a = 1/nu = 0x%x, a/0 = infinity" % A)
    lines.append("/* a byte to the state's basis: low nibble, high nibble */")
    lines.append(fmt_bytes(".Lenc_in_lo:", ENC_IN[0]))
    lines.append(fmt_bytes(".Lenc_in_hi:", ENC_IN[1]))
    lines.append(fmt_bytes(".Ldec_in_lo:", DEC_IN[0]))
    lines.append(fmt_bytes(".Ldec_in_hi:", DEC_IN[1]))
    pair(".Lenc_s", ENC_S, "S(x) less 0x63, in the state's basis")
    pair(".Lenc_s2", ENC_S2, "2 S(x) less 0xc6, in the state's basis")
    pair(".Lenc_last", ENC_LAST, "S(x) less 0x63, in AES's basis")
    for m in field.INV_MIX:
        pair(".Ldec_m%d" % m, DEC_M[m],
             "%d InvS(x), in the decryption state's basis" % m)
    pair(".Ldec_last", DEC_LAST, "InvS(x), in AES's basis")
    lines.append("/* byte permutations: ShiftRows, rotations in a column */")
    perms = [(".Lsr", SR), (".Lrot1", ROT[1]),
             (".Lrot1_sr", compose(ROT[1], SR)),
             (".Lrot3_sr", compose(ROT[3], SR)),
             (".Lisr", ISR), (".Lrot2_isr", compose(ROT[2], ISR))]
    for label, mask in perms:
        lines.append("%s\t.byte %s" % (label + ":",
                                         ", ".join(str(v) for v in mask)))
    lines.append(fmt_bytes(".L63:", [0x63] * 16))
    return "\n".join(lines) + "\n"

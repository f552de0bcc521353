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

The linear layer.  With s the S-box outputs after ShiftRows and rotk a
column's rows moved up by k (row r takes row r + k), MixColumns is
    MC(s) = c + rot1(c) + s,    c = 3 s + rot2(s)
(c + rot1(c) = 3 s_r + 3 s_r+1 + s_r+2 + s_r+3 and 3 + 1 = 2), so
encryption looks up two multiples of 1/x (S and 3 S) and moves bytes
twice, each move after the last: a chain of two shuffles.  InvMixColumns
(14, 11, 13, 9) has four independent coefficients: four multiples, each
moved once, side by side.

The frame.  The state is not put back in AES's byte order every round:
after round t it is kept with its bytes moved by Q_t, chosen so that the
term with no rotation (s in MC, 14 s in InvMC) needs no move at all:
Q_t = SR^-t encrypting, ISR^-t decrypting (SR = ShiftRows).  The other
rotations become Q_t rotk Q_t^-1, which take row r + k of column c + d
for the byte in row r of column c (colrot(k, d) below, d a function of k
and t mod 4), and the round key is moved by Q_t (the identity every
fourth round).  The last round puts the bytes back: SR Q_13^-1 = SR^2,
and ISR Q_13^-1 = SR^2 too.

The first round reads the state's nibbles k and i straight from the
nibbles of the block plus the first round key (ENC_FIRST, DEC_FIRST: one
lookup for each of k and i per nibble), not from a converted byte.
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
    return inversion_ki(b & 15, b >> 4)


def inversion_ki(k, i):
    """the same from the byte's two nibbles"""
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
ENC_S3 = out_pair(lambda v: beta(field.mul(3, field.affine_lin(v))))
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


def first(pair):
    """from in_pair's tables, four giving the state byte's low nibble k
    and high nibble i from the low and high nibbles of a byte"""
    return {"k_lo": [v & 15 for v in pair[0]],
            "k_hi": [v & 15 for v in pair[1]],
            "i_lo": [v >> 4 for v in pair[0]],
            "i_hi": [v >> 4 for v in pair[1]]}


# the block plus round key 0 to the state (encryption: the 0x63 the round
# keys carry is not in it, so the tables are beta itself)
ENC_FIRST = first(in_pair(beta))
DEC_FIRST = first(DEC_IN)


# byte permutations: pshufb masks, result[t] = source[mask[t]]
def compose(outer, inner):
    """the mask of outer(inner(s))"""
    return [inner[outer[t]] for t in range(16)]


def power(mask, n):
    r = IDENT
    for _ in range(n % 4):
        r = compose(mask, r)
    return r


def inverse(mask):
    r = [0] * 16
    for t in range(16):
        r[mask[t]] = t
    return r


IDENT = list(range(16))
SR = field.shift_rows(IDENT)
ISR = field.inv_shift_rows(IDENT)
# rotk: row r of each column takes row r + k's byte
ROT = {k: [4 * c + (r + k) % 4 for c in range(4) for r in range(4)]
       for k in (1, 2, 3)}


def colrot(k, d):
    """row r of column c takes row r + k of column c + d"""
    return [4 * ((c + d) % 4) + (r + k) % 4
            for c in range(4) for r in range(4)]


def frame(q, t):
    """Q_t and, for k = 1, 2, 3, Q_t rotk Q_t^-1, from Q_1 = q"""
    qt = power(q, t)
    return qt, {k: compose(qt, compose(ROT[k], inverse(qt)))
                for k in (1, 2, 3)}


# the masks each round uses, by round number mod 4 (the frame's period):
# the round key's move (none when Q_t is the identity) and the rotations
ENC_Q1 = ISR            # SR^-1
DEC_Q1 = SR             # ISR^-1


def enc_masks(t):
    return {"q": power(SR, -t) if t % 4 else None,
            "r1": colrot(1, t), "r2": colrot(2, 2 * t)}


def dec_masks(t):
    return {"q": power(SR, t) if t % 4 else None,
            "r1": colrot(1, -t), "r2": colrot(2, -2 * t),
            "r3": colrot(3, -3 * t)}


LAST = power(SR, 2)


def check_masks():
    """the masks above are the frame's conjugates (see the docstring)"""
    for t in range(4):
        for q1, masks in ((ENC_Q1, enc_masks(t)), (DEC_Q1, dec_masks(t))):
            qt, conj = frame(q1, t)
            assert (masks["q"] or IDENT) == qt
            for k in (1, 2, 3):
                if "r%d" % k in masks:
                    assert masks["r%d" % k] == conj[k], (t, k)
    assert compose(SR, inverse(power(ENC_Q1, 13))) == LAST
    assert compose(ISR, inverse(power(DEC_Q1, 13))) == LAST


def per_byte(s, f):
    return [f(b) for b in s]


def permute(s, mask):
    return s if mask is None else [s[mask[t]] for t in range(16)]


def first_nibbles(tabs, x):
    """k, i of each byte of x, as the first round reads them"""
    return [(pshufb(tabs["k_lo"], b & 15) ^ pshufb(tabs["k_hi"], b >> 4),
             pshufb(tabs["i_lo"], b & 15) ^ pshufb(tabs["i_hi"], b >> 4))
            for b in x]


def round_key(key, pair, mask):
    return permute(per_byte(key, lambda v: lookup2(pair, v)), mask)


# The round keys as the assembly takes them, made once per key
# (aes_vperm_key.h does the same in C): key 0 as it is (the first round's
# tables take the block plus it), keys 1..13 in the state's basis and
# moved into their round's frame, key 14 in AES's basis with the
# constant the last round's tables leave out, moved by LAST (its own
# inverse: the last round moves the sum back).  A basis change is linear,
# so a byte's is eight columns and a constant (key_columns).
def schedule(keys, pair, masks, last_const):
    return ([list(keys[0])] +
            [round_key(keys[r], pair, masks(r)["q"]) for r in range(1, 14)] +
            [permute(field.xor(keys[14], [last_const] * 16), LAST)])


def enc_schedule(enc):
    return schedule(enc, ENC_IN, enc_masks, 0x63)


def dec_schedule(dec):
    return schedule(dec, DEC_IN, dec_masks, 0)


def key_columns(pair):
    """f(bit t) for t = 0..7 and the constant, from in_pair's tables"""
    const = pair[0][0]
    return [lookup2(pair, 1 << t) ^ const for t in range(8)], const


def enc_block(venc, pt):
    """the assembly's encryption, step by step, on enc_schedule()'s keys"""
    ki = first_nibbles(ENC_FIRST, field.xor(pt, venc[0]))
    for r in range(1, 14):
        m = enc_masks(r)
        io_jo = [inversion_ki(k, i) for k, i in ki]
        a = [out2(ENC_S, *t) for t in io_jo]
        a3 = [out2(ENC_S3, *t) for t in io_jo]
        c = field.xor(a3, permute(a, m["r2"]))
        y = field.xor(field.xor(permute(c, m["r1"]), c),
                      field.xor(a, venc[r]))
        ki = [(b & 15, b >> 4) for b in y]
    f = [out2(ENC_LAST, *inversion_ki(k, i)) for k, i in ki]
    return permute(field.xor(f, venc[14]), LAST)


def dec_block(vdec, ct):
    ki = first_nibbles(DEC_FIRST, field.xor(ct, vdec[0]))
    for r in range(1, 14):
        m = dec_masks(r)
        io_jo = [inversion_ki(k, i) for k, i in ki]
        e = {c: [out2(DEC_M[c], *t) for t in io_jo] for c in DEC_M}
        y = field.xor(field.xor(e[14], vdec[r]), permute(e[11], m["r1"]))
        y = field.xor(y, field.xor(permute(e[13], m["r2"]),
                                   permute(e[9], m["r3"])))
        ki = [(b & 15, b >> 4) for b in y]
    w = [out2(DEC_LAST, *inversion_ki(k, i)) for k, i in ki]
    return permute(field.xor(w, vdec[14]), LAST)


def check(n=200):
    field.self_check()
    check_masks()
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
        assert enc_block(enc_schedule(enc), blk) == ct
        assert dec_block(dec_schedule(dec), ct) == blk
        # the C's way: eight columns and a constant per byte
        for keys, pair, masks in ((enc, ENC_IN, enc_masks),
                                  (dec, DEC_IN, dec_masks)):
            v = schedule(keys, pair, masks, 0)
            cols, const = key_columns(pair)
            for r in range(1, 14):
                assert v[r] == permute([c_key_byte(b, cols, const)
                                        for b in keys[r]], masks(r)["q"])


def c_key_byte(b, cols, const):
    """aes_vperm_key.h's ax86_aes_vperm_key_byte()"""
    for t in range(8):
        const ^= cols[t] & -((b >> t) & 1) & 0xff
    return const


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

    def first_tables(dir, tabs, why):
        lines.append("/* %s */" % why)
        for part in ("k_lo", "k_hi", "i_lo", "i_hi"):
            lines.append(fmt_bytes(".L%s_%s:" % (dir, part), tabs[part]))

    def masks(why, named):
        lines.append("/* %s */" % why)
        for label, mask in named:
            lines.append("%s\t.byte %s" % (label + ":",
                                             ", ".join(str(v) for v in mask)))

    lines.append(fmt_bytes(".Lnib:", [0x0f] * 16))
    table(".Linv", INV, "1/n in GF(16), 1/0 = infinity (0x80)")
    table(".Lak", AK, "a/k, a = 1/nu = 0x%x, a/0 = infinity" % A)
    first_tables("enc", ENC_FIRST, "block ^ key 0 to the state's nibbles "
                 "k (low) and i (high), from its low and high nibbles")
    first_tables("dec", DEC_FIRST, "the same, decrypting")
    pair(".Lenc_s", ENC_S, "S(x) less 0x63, in the state's basis")
    pair(".Lenc_s3", ENC_S3, "3 S(x) less 0xa5, in the state's basis")
    pair(".Lenc_last", ENC_LAST, "S(x) less 0x63, in AES's basis")
    for m in field.INV_MIX:
        pair(".Ldec_m%d" % m, DEC_M[m],
             "%d InvS(x), in the decryption state's basis" % m)
    pair(".Ldec_last", DEC_LAST, "InvS(x), in AES's basis")
    masks("ShiftRows twice: the last round out of the frame",
          [(".Lsr2", LAST)])
    named = [(".Lr%dc%d" % (k, d), colrot(k, d))
             for k, d in ((1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 2),
                          (3, 0), (3, 1), (3, 2), (3, 3))]
    masks("Lrkcd: row r of column c takes row r + k of column c + d",
          named)
    return "\n".join(lines) + "\n"


def c_bytes(vals, fmt="0x%02x"):
    return ", ".join(fmt % v for v in vals)


def emit_keys():
    """the constants of aes_vperm_key.h (the body of aes_vperm_key_gen.h)"""
    lines = []
    for dir, pair, masks in (("enc", ENC_IN, enc_masks),
                             ("dec", DEC_IN, dec_masks)):
        cols, const = key_columns(pair)
        lines.append("static const u8 ax86_aes_vperm_%s_cols[8] = {" % dir)
        lines.append("\t%s" % c_bytes(cols))
        lines.append("};")
        lines.append("")
        lines.append("#define AX86_AES_VPERM_%s_CONST\t0x%02x" %
                     (dir.upper(), const))
        lines.append("")
        lines.append("static const u8 ax86_aes_vperm_%s_moves[4][16] = {" %
                     dir)
        for t in range(4):
            lines.append("\t{ %s }," % c_bytes(masks(t)["q"] or IDENT,
                                              "%d"))
        lines.append("};")
        lines.append("")
    lines.append("static const u8 ax86_aes_vperm_last[16] = {")
    lines.append("\t%s" % c_bytes(LAST, "%d"))
    lines.append("};")
    return "\n".join(lines) + "\n"

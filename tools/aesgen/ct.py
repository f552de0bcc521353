# SPDX-License-Identifier: GPL-2.0
"""
crypto/aes_ct_gen.h: what crypto/aes_ct.c needs that is best computed,
the S-box circuits (circuit.py) and the masks that move bytes around in
its bitsliced state, and check() that runs whole blocks the way the C
does against field.py.

The state is two 64-bit words, E and O.  Byte p of the block (FIPS-197
order, p = 4 c + r) is split by its bits: bit 2m of it is bit
8 q + 2 m + h of E and bit 2m + 1 is that bit of O, with q = p mod 8 and
h = p / 8.  So E >> 2m and O >> 2m are bit planes 2m and 2m + 1 at the
same 16 places (mask 0x0303...), the S-box's inputs; and a byte
permutation moves the same bits of E and O, as rotations and masks.
"""
import circuit
import field

M55 = 0x5555555555555555
M03 = 0x0303030303030303
ALL = (1 << 64) - 1


def bitpos(p, m):
    """bit 2m of byte p (E) or bit 2m + 1 (O): where it is in its word"""
    return 8 * (p % 8) + 2 * m + p // 8


def rotations(perm):
    """a byte permutation (result[t] = source[perm[t]]) as
    {rotate right amount: mask of destination bits}"""
    groups = {}
    for t in range(16):
        for m in range(4):
            d, s = bitpos(t, m), bitpos(perm[t], m)
            amount = (s - d) % 64
            groups[amount] = groups.get(amount, 0) | 1 << d
    return dict(sorted(groups.items()))


def lanes_then_swaps(perm):
    """the permutation as whole byte lanes moved (rotations by multiples
    of 8, masks), then the two bits of some pairs swapped (the bytes p
    and p + 8 sharing a lane trade places): ({amount: lane mask},
    mask of the pairs to swap), or None if it is not of that form"""
    src_lane, swap = {}, 0
    for t in range(16):
        q, h = t % 8, t // 8
        sq, sh = perm[t] % 8, perm[t] // 8
        if src_lane.setdefault(q, sq) != sq:
            return None
        if sh != h:
            swap |= 0x55 << 8 * q
    groups = {}
    for q, sq in src_lane.items():
        amount = 8 * (sq - q) % 64
        groups[amount] = groups.get(amount, 0) | 0xff << 8 * q
    if any((swap >> 8 * q & 0xff) not in (0, 0x55) for q in range(8)):
        return None
    return dict(sorted(groups.items())), swap


def cost(perm):
    """operations of the one-step and the two-step forms"""
    one = 3 * len(rotations(perm)) - 1 - (0 in rotations(perm))
    two = lanes_then_swaps(perm)
    if two is None:
        return one, None
    g, swap = two
    return one, 3 * len(g) - 1 - (0 in g) + (7 if swap else 0)


def ror(x, n):
    return ((x >> n) | (x << (64 - n))) & ALL if n else x


def move(x, groups):
    r = 0
    for n, mask in groups.items():
        r |= ror(x, n) & mask
    return r


def permute(x, perm):
    """a byte permutation of one word, in the form emit_moves() picks"""
    one, two = cost(perm)
    if two is None or one <= two:
        return move(x, rotations(perm))
    g, swap = lanes_then_swaps(perm)
    y = move(x, g)
    return (y & ~(swap | swap << 1) & ALL) | (y >> 1 & swap) | \
        (y << 1 & swap << 1)


IDENT = list(range(16))
SR = field.shift_rows(IDENT)
ISR = field.inv_shift_rows(IDENT)
ROT1 = [4 * (p // 4) + (p + 1) % 4 for p in range(16)]
ROT2 = [4 * (p // 4) + (p + 2) % 4 for p in range(16)]


def load(block):
    w0 = int.from_bytes(bytes(block[:8]), "little")
    w1 = int.from_bytes(bytes(block[8:]), "little")
    return [(w0 & M55) | (w1 & M55) << 1,
            (w0 >> 1) & M55 | (w1 & ~M55 & ALL)]


def store(s):
    e, o = s
    w0 = (e & M55) | (o & M55) << 1
    w1 = (e >> 1) & M55 | (o & ~M55 & ALL)
    return list(w0.to_bytes(8, "little") + w1.to_bytes(8, "little"))


def sbox(s, sig, outs):
    e, o = s
    planes = [(e if b % 2 == 0 else o) >> (b // 2 * 2) for b in range(8)]
    y = [0] * 8
    # the circuit bit by bit at the 16 places
    for place in range(64):
        if not M03 >> place & 1:
            continue
        x = sum((planes[b] >> place & 1) << b for b in range(8))
        v = circuit.evaluate(sig, outs, x)
        for b in range(8):
            y[b] |= (v >> b & 1) << place
    e = o = 0
    for m in range(4):
        e |= (y[2 * m] & M03) << 2 * m
        o |= (y[2 * m + 1] & M03) << 2 * m
    return [e, o]


def mul2(s):
    e, o = s
    o3 = (o >> 6) & M03
    return [(o << 2) & ~M03 & ALL ^ o3 ^ o3 << 4, e ^ o3 ^ o3 << 2]


def mul4(s):
    e, o = s
    b6 = (e >> 6) & M03
    b7 = (o >> 6) & M03
    return [(e << 2) & ~M03 & ALL ^ b6 ^ b7 << 2 ^ (b6 ^ b7) << 4,
            (o << 2) & ~M03 & ALL ^ b6 ^ b7 ^ b6 << 2 ^ b7 << 4]


def mix(s):
    """MixColumns: 2 t + rot1(s) + rot2(t), t = s + rot1(s)"""
    r1 = [permute(w, ROT1) for w in s]
    t = [a ^ b for a, b in zip(s, r1)]
    r2 = [permute(w, ROT2) for w in t]
    return [a ^ b ^ c for a, b, c in zip(mul2(t), r1, r2)]


def pre_mix(s):
    """InvMixColumns = MixColumns after s + 4 (s + rot2(s))"""
    u = [a ^ permute(a, ROT2) for a in s]
    assert mul4(u) == mul2(mul2(u))
    return [a ^ b for a, b in zip(s, mul4(u))]


def add_key(s, key, c63):
    k = load(field.xor(key, [0x63 if c63 else 0] * 16))
    return [a ^ b for a, b in zip(s, k)]


def enc_block(enc, pt, fwd):
    s = add_key(load(pt), enc[0], False)
    for r in range(1, 15):
        s = [permute(w, SR) for w in sbox(s, *fwd)]
        if r < 14:
            s = mix(s)
        s = add_key(s, enc[r], True)
    return store(s)


def dec_block(dec, ct, inv):
    s = add_key(load(ct), dec[0], True)
    for r in range(1, 15):
        s = [permute(w, ISR) for w in sbox(s, *inv)]
        if r < 14:
            s = mix(pre_mix(s))
        s = add_key(s, dec[r], r < 14)
    return store(s)


def circuits():
    fwd = circuit.forward()[1:]
    inv = circuit.inverse()[1:]
    a_inv = field.inverse_map(field.affine_lin)
    circuit.check(*fwd, lambda x: field.SBOX[x] ^ 0x63)
    circuit.check(*inv, lambda x: field.inv(a_inv(x)))
    return fwd, inv


def check(fwd, inv, n=20):
    import random
    rng = random.Random(20)
    for _ in range(n):
        key = [rng.randrange(256) for _ in range(32)]
        blk = [rng.randrange(256) for _ in range(16)]
        enc, dec = field.expand256(key)
        ct = field.encrypt(enc, blk)
        assert enc_block(enc, blk, fwd) == ct
        assert dec_block(dec, ct, inv) == blk


def terms(groups, x, indent):
    out = []
    for n, mask in groups.items():
        v = x if n == 0 else "ax86_ror64(%s, %d)" % (x, n)
        out.append("(%s & 0x%016xULL)" % (v, mask))
    return (" |\n\t" + indent).join(out)


def emit_moves(name, perm, why):
    """rotations and masks, or, where cheaper, whole lanes and then bit
    pairs swapped"""
    head = "/* %s */\nstatic __always_inline u64 %s(u64 x)\n{\n" % (why, name)
    one, two = cost(perm)
    if two is None or one <= two:
        return head + "\treturn %s;\n}\n" % terms(rotations(perm), "x", " " * 7)
    g, swap = lanes_then_swaps(perm)
    return (head + "\tx = %s;\n" % terms(g, "x", " " * 4) +
            "\treturn (x & 0x%016xULL) |\n"
            "\t       ((x >> 1) & 0x%016xULL) |\n"
            "\t       ((x << 1) & 0x%016xULL);\n}\n" %
            (~(swap | swap << 1) & ALL, swap, swap << 1))


def emit(fwd, inv):
    parts = [
        circuit.emit_c("ax86_aes_ct_sbox", *fwd,
                       "S(x) less 0x63 (the round keys carry it)"),
        circuit.emit_c("ax86_aes_ct_inv_sbox", *inv,
                       "InvS(x ^ 0x63) (the round keys carry the 0x63)"),
        emit_moves("ax86_aes_ct_shift_rows", SR, "ShiftRows"),
        emit_moves("ax86_aes_ct_inv_shift_rows", ISR, "InvShiftRows"),
        emit_moves("ax86_aes_ct_rot1", ROT1,
                   "each row of a column takes the next row's byte"),
        emit_moves("ax86_aes_ct_rot2", ROT2,
                   "each row of a column takes the byte two rows on"),
    ]
    return "\n".join(parts)

# SPDX-License-Identifier: GPL-2.0
"""
GF(2^8) as FIPS-197 defines it, a reference AES-256 and the key schedule,
for the generators of the constant-time AES forms.  Written from FIPS-197;
slow and not constant-time: generator and check use only.
"""

POLY = 0x11b            # x^8 + x^4 + x^3 + x + 1


def mul(a, b):
    p = 0
    while b:
        if b & 1:
            p ^= a
        a <<= 1
        if a & 0x100:
            a ^= POLY
        b >>= 1
    return p


def power(a, n):
    r = 1
    while n:
        if n & 1:
            r = mul(r, a)
        a = mul(a, a)
        n >>= 1
    return r


def inv(a):
    """a^254: the inverse, 0 for 0"""
    return power(a, 254)


def rotl8(x, n):
    return ((x << n) | (x >> (8 - n))) & 0xff


def affine_lin(x):
    """the linear part A of SubBytes' affine map"""
    return x ^ rotl8(x, 1) ^ rotl8(x, 2) ^ rotl8(x, 3) ^ rotl8(x, 4)


SBOX_CONST = 0x63
SBOX = [affine_lin(inv(x)) ^ SBOX_CONST for x in range(256)]
INV_SBOX = [0] * 256
for _x in range(256):
    INV_SBOX[SBOX[_x]] = _x


def matrix_of(f):
    """the 8 columns (images of 1 << b) of a GF(2)-linear byte map f"""
    return [f(1 << b) for b in range(8)]


def apply(cols, x):
    r = 0
    for b in range(8):
        if x >> b & 1:
            r ^= cols[b]
    return r


def inverse_map(f):
    """the inverse of a bijective byte map, as a function"""
    t = [0] * 256
    for x in range(256):
        t[f(x)] = x
    return lambda y: t[y]


# state bytes in FIPS-197 order: byte 4c + r is row r of column c
def shift_rows(s):
    return [s[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4)]


def inv_shift_rows(s):
    return [s[4 * ((c - r) % 4) + r] for c in range(4) for r in range(4)]


def mix_column(col, m):
    """one column times the circulant whose first row is m"""
    return [mul(m[0], col[r]) ^ mul(m[1], col[(r + 1) % 4]) ^
            mul(m[2], col[(r + 2) % 4]) ^ mul(m[3], col[(r + 3) % 4])
            for r in range(4)]


def mix_columns(s, m=(2, 3, 1, 1)):
    out = []
    for c in range(4):
        out += mix_column(s[4 * c:4 * c + 4], m)
    return out


INV_MIX = (14, 11, 13, 9)


def expand256(key):
    """the kernel AES library's layout: 15 encryption round keys, and the
    equivalent inverse cipher's (last first, InvMixColumns on the middle)"""
    w = [list(key[4 * i:4 * i + 4]) for i in range(8)]
    rcon = 1
    for i in range(8, 60):
        t = list(w[i - 1])
        if i % 8 == 0:
            t = [SBOX[t[1]] ^ rcon, SBOX[t[2]], SBOX[t[3]], SBOX[t[0]]]
            rcon = mul(rcon, 2)
        elif i % 8 == 4:
            t = [SBOX[b] for b in t]
        w.append([w[i - 8][j] ^ t[j] for j in range(4)])
    enc = [sum(w[4 * r:4 * r + 4], []) for r in range(15)]
    dec = [enc[14]] + [mix_columns(enc[r], INV_MIX)
                       for r in range(13, 0, -1)] + [enc[0]]
    return enc, dec


def xor(a, b):
    return [x ^ y for x, y in zip(a, b)]


def encrypt(enc, block):
    s = xor(block, enc[0])
    for r in range(1, 15):
        s = shift_rows([SBOX[b] for b in s])
        if r < 14:
            s = mix_columns(s)
        s = xor(s, enc[r])
    return s


def decrypt(dec, block):
    """the equivalent inverse cipher on the library's decryption keys"""
    s = xor(block, dec[0])
    for r in range(1, 15):
        s = inv_shift_rows([INV_SBOX[b] for b in s])
        if r < 14:
            s = mix_columns(s, INV_MIX)
        s = xor(s, dec[r])
    return s


def self_check():
    """FIPS-197 appendix C.3"""
    key = list(range(32))
    pt = [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
          0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff]
    ct = bytes.fromhex("8ea2b7ca516745bfeafc49904b496089")
    enc, dec = expand256(key)
    assert bytes(encrypt(enc, pt)) == ct
    assert decrypt(dec, list(ct)) == pt

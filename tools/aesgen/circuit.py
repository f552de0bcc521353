# SPDX-License-Identifier: GPL-2.0
"""
The S-box circuits of crypto/aes_ct_sbox.h: AND and XOR gates on bit
planes, for bitsliced AES.  The inverse in GF(2^8) goes through the tower
GF(2^8) / GF(16) / GF(4) / GF(2), each step a quadratic extension in a
normal basis {t, t^q} (the approach of Canright's compact S-box; the
formulas are derived in the comments below).  Every linear step (basis
changes, squarings, scalings, the sums the multiplications need, the
affine map's matrix) stays a symbolic XOR of "atoms" (input bits and AND
outputs) until an AND or an output needs it; then one greedy pass
(Paar's: the pair of atoms shared by most wanted sums first) turns all
the wanted sums into XOR gates.  The tower's free choices (the roots and
the constants mu and nu) are searched for the fewest gates.  check()
evaluates the emitted gates on all 256 inputs.

Normal-basis arithmetic over a field K with t^2 + t + c = 0 (c in K,
t + t^q = 1, t t^q = c), for x = x1 t + x0 t^q and y alike:
    x y = (x1 y1 + c q) t + (x0 y0 + c q) t^q,  q = (x1 + x0)(y1 + y0)
    norm(x) = x1 x0 + c (x1 + x0)^2,  1/x = (x0 t + x1 t^q) / norm(x)
and in GF(4) over GF(2) (c = 1) squaring swaps the two coordinates and
is the inverse of a non-zero element.
"""
import itertools

import field


def fmul(*xs):
    r = 1
    for x in xs:
        r = field.mul(r, x)
    return r


class Tower:
    """a choice of roots: W of x^2+x+1, Z of x^2+x+mu, Y of x^2+x+nu"""

    def __init__(self, w, z, y):
        self.w, self.z, self.y = w, z, y
        self.mu = fmul(z, z) ^ z
        self.nu = fmul(y, y) ^ y
        w2 = fmul(w, w)
        z4 = field.power(z, 4)
        y16 = field.power(y, 16)
        self.b4 = [w, w2]
        self.b16 = [fmul(b, t) for t in (z, z4) for b in self.b4]
        self.b256 = [fmul(b, t) for t in (y, y16) for b in self.b16]

    @staticmethod
    def coords(x, basis):
        for bits in range(1 << len(basis)):
            v = 0
            for s, b in enumerate(basis):
                if bits >> s & 1:
                    v ^= b
            if v == x:
                return bits
        raise ValueError("not in the span")


class Circuit:
    """signals are XORs of atoms, kept as int bit masks over atom numbers"""

    def __init__(self):
        self.atoms = []         # ("in", bit) or ("and", form, form)

    def atom(self, what):
        self.atoms.append(what)
        return 1 << (len(self.atoms) - 1)

    def and_(self, a, b):
        return self.atom(("and", a, b))


def vxor(a, b):
    return [x ^ y for x, y in zip(a, b)]


def linear(vec, f, basis_in, basis_out):
    """f (linear over GF(2), on field elements) applied to coordinates"""
    out = [0] * len(basis_out)
    for s, form in enumerate(vec):
        img = Tower.coords(f(basis_in[s]), basis_out)
        for t in range(len(basis_out)):
            if img >> t & 1:
                out[t] ^= form
    return out


class Gates:
    """the tower's inverse on symbolic coordinates"""

    def __init__(self, tower, circ):
        self.t, self.c = tower, circ

    def mul4(self, e, f):
        q = self.c.and_(e[0] ^ e[1], f[0] ^ f[1])
        return [self.c.and_(e[0], f[0]) ^ q, self.c.and_(e[1], f[1]) ^ q]

    def scale4(self, e, k):
        return linear(e, lambda x: fmul(x, k), self.t.b4, self.t.b4)

    def mul16(self, b, c):
        q = self.scale4(self.mul4(vxor(b[:2], b[2:]), vxor(c[:2], c[2:])),
                        self.t.mu)
        return vxor(self.mul4(b[:2], c[:2]), q) + vxor(self.mul4(b[2:],
                                                               c[2:]), q)

    def inv16(self, d):
        s = vxor(d[:2], d[2:])
        norm = vxor(self.mul4(d[:2], d[2:]),
                    self.scale4([s[1], s[0]], self.t.mu))
        ninv = [norm[1], norm[0]]
        return self.mul4(d[2:], ninv) + self.mul4(d[:2], ninv)

    def inv256(self, a):
        t = self.t
        s = vxor(a[:4], a[4:])
        sq_nu = linear(s, lambda x: fmul(x, x, t.nu), t.b16, t.b16)
        norm = vxor(self.mul16(a[:4], a[4:]), sq_nu)
        ninv = self.inv16(norm)
        return self.mul16(a[4:], ninv) + self.mul16(a[:4], ninv)


def build(tower, pre, post):
    """gates of x -> post(1/pre(x)), pre and post linear byte maps"""
    circ = Circuit()
    std = [1 << b for b in range(8)]
    x = [circ.atom(("in", b)) for b in range(8)]
    a = linear(x, pre, std, tower.b256)
    inv = Gates(tower, circ).inv256(a)
    out = linear(inv, post, tower.b256, std)
    return circ, out


def paar(circ, out):
    """XOR gates for every wanted sum: a list of gates in dependency order
    and the signal of each output.  Signals: ("in", b), ("and", i, j),
    ("xor", i, j) with i, j signal numbers."""
    sig = []                    # the gates
    atom_sig = {}
    # atoms in order: an AND's inputs are sums of earlier atoms only
    pending = {}
    for n, (kind, *rest) in enumerate(circ.atoms):
        if kind == "in":
            sig.append(("in", rest[0]))
            atom_sig[n] = len(sig) - 1
        else:
            pending[n] = rest
    targets = {}

    def to_set(form):
        return {n for n in range(len(circ.atoms)) if form >> n & 1}

    for n, (fa, fb) in pending.items():
        targets[("a", n)] = to_set(fa)
        targets[("b", n)] = to_set(fb)
    for t, form in enumerate(out):
        targets[("out", t)] = to_set(form)
    # work on atom numbers; XOR results get new numbers past the atoms
    nxt = len(circ.atoms)
    xors = {}                   # number -> (i, j)
    while True:
        shared = {}
        for s in targets.values():
            for p in itertools.combinations(sorted(s), 2):
                shared[p] = shared.get(p, 0) + 1
        if not shared:
            break
        best = max(shared.values())
        pair = min(p for p, c in shared.items() if c == best)
        xors[nxt] = pair
        for s in targets.values():
            if pair[0] in s and pair[1] in s:
                s.discard(pair[0])
                s.discard(pair[1])
                s.add(nxt)
        nxt += 1
    # each target is one number now; order the gates by dependency
    done = {}

    def emit(n):
        if n in done:
            return done[n]
        if n in xors:
            i, j = xors[n]
            gi, gj = emit(i), emit(j)
            sig.append(("xor", gi, gj))
        elif n in pending:
            ga = emit(single(("a", n)))
            gb = emit(single(("b", n)))
            sig.append(("and", ga, gb))
        else:
            done[n] = atom_sig[n]
            return done[n]
        done[n] = len(sig) - 1
        return done[n]

    def single(key):
        (n,) = targets[key]
        return n

    outs = [emit(single(("out", t))) for t in range(len(out))]
    return sig, outs


def evaluate(sig, outs, x):
    v = []
    for g in sig:
        if g[0] == "in":
            v.append(x >> g[1] & 1)
        elif g[0] == "and":
            v.append(v[g[1]] & v[g[2]])
        else:
            v.append(v[g[1]] ^ v[g[2]])
    return sum(v[o] << t for t, o in enumerate(outs))


def count(sig):
    return (sum(g[0] == "and" for g in sig), sum(g[0] == "xor" for g in sig))


def roots(c):
    """the roots of t^2 + t + c in AES's field"""
    return [t for t in range(2, 256) if fmul(t, t) ^ t == c]


def towers():
    for w in roots(1):
        gf4 = [0, 1, w, fmul(w, w)]
        for mu in gf4[2:]:
            for z in roots(mu):
                gf16 = {fmul(a, z) ^ b for a in gf4 for b in gf4}
                for nu in sorted(gf16):
                    for y in [t for t in roots(nu) if t not in gf16]:
                        yield Tower(w, z, y)


def best(pre, post):
    """the tower with the fewest gates for x -> post(1/pre(x))"""
    found = None
    for tower in towers():
        sig, outs = paar(*build(tower, pre, post))
        n = sum(count(sig))
        if found is None or n < found[0]:
            found = (n, tower, sig, outs)
    return found[1:]


def forward():
    """S(x) less its constant 0x63 (the round keys carry it)"""
    return best(lambda x: x, field.affine_lin)


def inverse():
    """InvS(x ^ 0x63) (the round keys carry the 0x63)"""
    a_inv = field.inverse_map(field.affine_lin)
    return best(a_inv, lambda x: x)


def check(sig, outs, want):
    for x in range(256):
        assert evaluate(sig, outs, x) == want(x), x


def schedule(sig, outs):
    """an order of the gates that keeps few values live (so that the
    compiler spills few): of the gates whose inputs are ready, the one
    that is the last use of most of them first"""
    rem = [outs.count(i) for i in range(len(sig))]
    for g in sig:
        if g[0] != "in":
            rem[g[1]] += 1
            rem[g[2]] += 1
    done = {i for i, g in enumerate(sig) if g[0] == "in"}
    todo = {i for i, g in enumerate(sig) if g[0] != "in"}
    order = []

    def kills(i):
        a, b = sig[i][1], sig[i][2]
        return -((rem[a] == 1 + (a == b)) + (a != b and rem[b] == 1)), i

    while todo:
        i = min((i for i in todo if sig[i][1] in done and sig[i][2] in done),
                key=kills)
        rem[sig[i][1]] -= 1
        rem[sig[i][2]] -= 1
        todo.remove(i)
        done.add(i)
        order.append(i)
    return order


def emit_c(name, sig, outs, why):
    """a C function: planes x[0..7] in, y[0..7] out (bit b of each byte)"""
    lines = ["/* %s: %d AND, %d XOR */" % ((why,) + count(sig)),
             "static __always_inline void %s(u64 y[8], const u64 x[8])" % name,
             "{"]
    var = {n: "x[%d]" % g[1] for n, g in enumerate(sig) if g[0] == "in"}
    for nt, n in enumerate(schedule(sig, outs)):
        g = sig[n]
        op = "&" if g[0] == "and" else "^"
        var[n] = "t%d" % nt
        lines.append("\tu64 t%d = %s %s %s;" % (nt, var[g[1]], op, var[g[2]]))
    lines.append("")
    for t, o in enumerate(outs):
        lines.append("\ty[%d] = %s;" % (t, var[o]))
    lines.append("}")
    return "\n".join(lines) + "\n"

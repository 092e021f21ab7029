"""Multi-scalar multiplication Σ kᵢ·Pᵢ on a curve y² = x³ + b (a = 0, as secp256k1), in plain integers.

Straus's interleaving with a width-5 NAF: each point gets a table of its odd multiples P, 3P, …, 15P
(made affine, so later additions are the cheaper mixed ones), then one pass of 256 doublings adds a table
entry for every nonzero digit of every scalar. For n points that is about 256 + 51·n group operations,
where n separate multiplications cost about 340·n. Points are Jacobian triples (X, Y, Z) standing for
(X/Z², Y/Z³); Z = 0 is the point at infinity.

>>> p = 2**256 - 2**32 - 977
>>> gx = 0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798
>>> gy = 0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8
>>> x, y, z = straus([(gx, gy), (gx, gy)], [2, 3], p)
>>> to_affine((x, y, z), p) == to_affine(straus([(gx, gy)], [5], p), p)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .pace import NEVER, Pacer, Steps, finish

Jacobian = tuple[int, int, int]
WIDTH = 5
INFINITY: Jacobian = (1, 1, 0)


def double(point: Jacobian, p: int) -> Jacobian:
    """2·P (dbl-2009-l, a = 0)."""
    x1, y1, z1 = point
    if not z1 or not y1:
        return INFINITY
    a = x1 * x1 % p
    b = y1 * y1 % p
    c = b * b % p
    d = 2 * ((x1 + b) ** 2 - a - c) % p
    e = 3 * a % p
    x3 = (e * e - 2 * d) % p
    y3 = (e * (d - x3) - 8 * c) % p
    z3 = 2 * y1 * z1 % p
    return x3, y3, z3


def add(one: Jacobian, two: Jacobian, p: int) -> Jacobian:
    """P + Q for any two Jacobian points (add-2007-bl)."""
    x1, y1, z1 = one
    x2, y2, z2 = two
    if not z1:
        return two
    if not z2:
        return one
    z1z1 = z1 * z1 % p
    z2z2 = z2 * z2 % p
    u1 = x1 * z2z2 % p
    u2 = x2 * z1z1 % p
    s1 = y1 * z2 * z2z2 % p
    s2 = y2 * z1 * z1z1 % p
    h = (u2 - u1) % p
    r = 2 * (s2 - s1) % p
    if not h:
        return double(one, p) if not r else INFINITY
    i = 4 * h * h % p
    j = h * i % p
    v = u1 * i % p
    x3 = (r * r - j - 2 * v) % p
    y3 = (r * (v - x3) - 2 * s1 * j) % p
    z3 = ((z1 + z2) ** 2 - z1z1 - z2z2) * h % p
    return x3, y3, z3


def add_affine(one: Jacobian, x2: int, y2: int, p: int) -> Jacobian:
    """P + (x2, y2) with the second point affine (madd-2007-bl)."""
    x1, y1, z1 = one
    if not z1:
        return x2, y2, 1
    z1z1 = z1 * z1 % p
    u2 = x2 * z1z1 % p
    s2 = y2 * z1 * z1z1 % p
    h = (u2 - x1) % p
    r = 2 * (s2 - y1) % p
    if not h:
        return double(one, p) if not r else INFINITY
    hh = h * h % p
    i = 4 * hh % p
    j = h * i % p
    v = x1 * i % p
    x3 = (r * r - j - 2 * v) % p
    y3 = (r * (v - x3) - 2 * y1 * j) % p
    z3 = ((z1 + h) ** 2 - z1z1 - hh) % p
    return x3, y3, z3


def to_affine(point: Jacobian, p: int) -> tuple[int, int] | None:
    """(x, y), or None for the point at infinity."""
    x, y, z = point
    if not z:
        return None
    zi = pow(z, -1, p)
    zi2 = zi * zi % p
    return x * zi2 % p, y * zi2 * zi % p


def wnaf(k: int, width: int = WIDTH) -> list[tuple[int, int]]:
    """The nonzero digits of k's width-w NAF as (position, digit): digits odd, |digit| < 2**(w-1)."""
    digits = []
    full = 1 << width
    half = full >> 1
    position = 0
    while k:
        zeros = (k & -k).bit_length() - 1  # skip the run of zero bits at once
        k >>= zeros
        position += zeros
        d = k & (full - 1)
        if d >= half:
            d -= full
        digits.append((position, d))
        k -= d
    return digits


def _batch_affine(points: list[Jacobian], p: int) -> list[tuple[int, int]]:
    """Jacobian points (none at infinity) made affine with one inversion (Montgomery's trick)."""
    prefix = [1] * (len(points) + 1)
    for i, (_, _, z) in enumerate(points):
        prefix[i + 1] = prefix[i] * z % p
    inverse = pow(prefix[-1], -1, p)
    out: list[tuple[int, int]] = [(0, 0)] * len(points)
    for i in range(len(points) - 1, -1, -1):
        x, y, z = points[i]
        zi = inverse * prefix[i] % p
        inverse = inverse * z % p
        zi2 = zi * zi % p
        out[i] = (x * zi2 % p, y * zi2 * zi % p)
    return out


def _odd_multiples(points: Sequence[tuple[int, int]], p: int, count: int, pacer: Pacer) -> Steps[list[list[tuple[int, int]]]]:
    """For each point P: P, 3P, 5P, … (count of them), all made affine together."""
    made: list[Jacobian] = []
    for x, y in points:
        twice = double((x, y, 1), p)
        current: Jacobian = (x, y, 1)
        made.append(current)
        for _ in range(count - 1):
            current = add(current, twice, p)
            if not current[2]:  # only when P has a tiny order: never in a prime-order group of this size
                raise ValueError("a point of small order")
            made.append(current)
        yield from pacer.pause()
    flat = _batch_affine(made, p) if made else []
    return [flat[i:i + count] for i in range(0, len(flat), count)]


def straus_steps(points: Sequence[tuple[int, int]], scalars: Sequence[int], p: int,
                 pacer: Pacer) -> Steps[Jacobian]:
    """Σ scalars[i] · points[i] for affine points and nonnegative scalars, as a Jacobian point, stepped."""
    tables = yield from _odd_multiples(points, p, 1 << (WIDTH - 2), pacer)
    events: dict[int, list[tuple[int, int]]] = {}
    for k, table in zip(scalars, tables):
        for position, d in wnaf(k):
            x, y = table[abs(d) >> 1]
            events.setdefault(position, []).append((x, y if d > 0 else p - y))
    acc = INFINITY
    for bit in range(max(events, default=-1), -1, -1):
        acc = double(acc, p)
        for x, y in events.get(bit, ()):
            acc = add_affine(acc, x, y, p)
        yield from pacer.pause()
    return acc


def straus(points: Sequence[tuple[int, int]], scalars: Sequence[int], p: int) -> Jacobian:
    """`straus_steps` in one go."""
    return finish(straus_steps(points, scalars, p, NEVER))

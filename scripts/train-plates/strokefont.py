"""A stroke font drawn after the character shapes of CONTRAN Resolution 231/2007 (the old grey plates' typeface): heavy
strokes of even width, condensed, rounded-rectangle bowls with small corner radii (O, 0, C, D, U differ only in which corners
are rounded and where the bowl opens), a straight-legged 7, a closed 4, a plain bar for 1 and I. The free look-alike of that
face ('Mandatory') cannot be shipped (its terms are unclear and it is not on npm), so its shapes are written here as centre
lines and stroked with varied weight, width, corner radius and stroke ends: variants, not a copy of any font file.

The first version drew O and 0 as stadiums (fully round top and bottom); the plates' O is a rectangle with rounded corners,
which the net then took for a D (the plates' D has the same right side, square left corners)."""
import math

import cv2
import numpy as np


def _arc(cx, cy, ru, rv, a0, a1, steps=8):
    return [(cx + ru * math.cos(math.radians(a)), cy + rv * math.sin(math.radians(a))) for a in np.linspace(a0, a1, steps)]


def _corner(u, v, ru, rv, which):
    """The arc of a rounded corner of the box whose corner point is (u, v), walked clockwise (tl, tr, br, bl)."""
    if which == "tr":
        return _arc(u - ru, v + rv, ru, rv, -90, 0)
    if which == "br":
        return _arc(u - ru, v - rv, ru, rv, 0, 90)
    if which == "bl":
        return _arc(u + ru, v - rv, ru, rv, 90, 180)
    return _arc(u + ru, v + rv, ru, rv, 180, 270)


def _box(u0, v0, u1, v1, ru, rv, round_corners="tl tr br bl"):
    """A closed rectangle, clockwise from the top-left, with the named corners rounded (the others square)."""
    r = set(round_corners.split())
    p = []
    for which, (u, v) in (("tl", (u0, v0)), ("tr", (u1, v0)), ("br", (u1, v1)), ("bl", (u0, v1))):
        p += _corner(u, v, ru, rv, which) if which in r else [(u, v)]
    return p + [p[0]]


def _paths(ch, ru, rv, flag1, mid, flat6=False):
    """Centre lines of a character in a unit box (u right, v down); ru, rv: the corners' radii (a circle in pixels)."""
    m = mid  # height of the middle bar / junction (0.45-0.52)
    if ch in "O0":
        return [_box(0, 0, 1, 1, ru, rv)]
    if ch == "Q":
        return [_box(0, 0, 1, 1, ru, rv), [(0.58, 0.74), (1.04, 1.06)]]
    if ch == "D":
        return [_box(0, 0, 1, 1, ru, rv, "tr br")]
    if ch == "C":
        return [[(1, 0.27), (1, rv)] + _corner(1, 0, ru, rv, "tr")[::-1][1:] + _corner(0, 0, ru, rv, "tl")[::-1]
                + _corner(0, 1, ru, rv, "bl")[::-1] + _corner(1, 1, ru, rv, "br")[::-1] + [(1, 0.73)]]
    if ch == "G":
        return [[(1, 0.27), (1, rv)] + _corner(1, 0, ru, rv, "tr")[::-1][1:] + _corner(0, 0, ru, rv, "tl")[::-1]
                + _corner(0, 1, ru, rv, "bl")[::-1] + _corner(1, 1, ru, rv, "br")[::-1] + [(1, 0.52), (0.5, 0.52)]]
    if ch == "U":
        return [[(0, 0)] + _corner(0, 1, ru, rv, "bl")[::-1] + _corner(1, 1, ru, rv, "br")[::-1] + [(1, 0)]]
    if ch == "J":
        return [[(1, 0)] + _corner(1, 1, ru, rv, "br") + _corner(0, 1, ru, rv, "bl") + [(0, 0.7)]]
    if ch in "BPR":
        b1 = m if ch == "B" else m + 0.04
        rb = min(rv, b1 / 2)
        top = [(0, b1), (0, 0)] + _corner(1 - (0.06 if ch == "B" else 0), 0, ru, rb, "tr") + _corner(1 - (0.06 if ch == "B" else 0), b1, ru, rb, "br") + [(0, b1)]
        if ch == "P":
            return [top + [(0, 1)]]
        if ch == "R":
            return [top + [(0, 1)], [(0.5, b1), (1, 1)]]
        rb2 = min(rv, (1 - b1) / 2)
        return [top, [(0, b1)] + _corner(1, b1, ru, rb2, "tr") + _corner(1, 1, ru, rb2, "br") + [(0, 1), (0, b1)]]
    if ch == "S":
        q = min(rv, m / 2)
        return [[(1, 0.22)] + _corner(1, 0, ru, q, "tr")[::-1] + _corner(0, 0, ru, q, "tl")[::-1] + _corner(0, m, ru, q, "bl")[::-1]
                + _corner(1, m, ru, q, "tr") + _corner(1, 1, ru, q, "br") + _corner(0, 1, ru, q, "bl") + [(0, 0.78)]]
    if ch == "2":
        return [[(0, 0.24)] + _corner(0, 0, ru, rv, "tl") + _corner(1, 0, ru, rv, "tr") + [(1, 0.36), (0, 1), (1, 1)]]
    if ch == "3":
        q = min(rv, m / 2)
        return [[(0, 0.22)] + _corner(0, 0, ru, q, "tl") + _corner(1, 0, ru, q, "tr") + _corner(1, m, ru, q, "br") + [(0.3, m)],
                [(0.6, m)] + _corner(1, m, ru, q, "tr") + _corner(1, 1, ru, q, "br") + _corner(0, 1, ru, q, "bl") + [(0, 0.78)]]
    if ch == "5":
        q = min(rv, (1 - m) / 2)
        return [[(1, 0), (0, 0), (0, m)] + _corner(1, m, ru, q, "tr") + _corner(1, 1, ru, q, "br") + _corner(0, 1, ru, q, "bl") + [(0, 0.78)]]
    if ch in "69":
        q = min(rv, (1 - m) / 2)
        # The hook: down the right side (the first variants), or a top stroke cut off short of the corner, as the plates'
        # 6 and 9 are drawn (with the hook only, the net read the plates' 6 as 5: both then show a flat top over a bowl).
        hook = [(0.86, 0)] if flat6 else [(1, 0.22)] + _corner(1, 0, ru, rv, "tr")[::-1]
        p = hook + _corner(0, 0, ru, rv, "tl")[::-1] + _corner(0, 1, ru, q, "bl")[::-1] \
            + _corner(1, 1, ru, q, "br")[::-1] + _corner(1, m, ru, q, "tr")[::-1] + _corner(0, m, ru, q, "tl")[::-1][:-1] + [(0, m + q)]
        return [p] if ch == "6" else [[(1 - u, 1 - v) for u, v in p]]
    if ch == "8":
        q1, q2 = min(rv, m / 2), min(rv, (1 - m) / 2)
        return [_box(0.06, 0, 0.94, m, ru * 0.9, q1), _box(0, m, 1, 1, ru, q2)]
    lines = {
        "A": [[(0, 1), (0.42, 0), (0.58, 0), (1, 1)], [(0.18, 0.66), (0.82, 0.66)]],
        "E": [[(1, 0), (0, 0), (0, 1), (1, 1)], [(0, m), (0.85, m)]],
        "F": [[(1, 0), (0, 0), (0, 1)], [(0, m), (0.85, m)]],
        "H": [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(0, m), (1, m)]],
        "I": [[(0.5, 0), (0.5, 1)]],
        "K": [[(0, 0), (0, 1)], [(1, 0), (0, 0.6)], [(0.32, 0.42), (1, 1)]],
        "L": [[(0, 0), (0, 1), (1, 1)]],
        "M": [[(0, 1), (0, 0), (0.5, 0.6), (1, 0), (1, 1)]],
        "N": [[(0, 1), (0, 0), (1, 1), (1, 0)]],
        "T": [[(0, 0), (1, 0)], [(0.5, 0), (0.5, 1)]],
        "V": [[(0, 0), (0.44, 1), (0.56, 1), (1, 0)]],
        "W": [[(0, 0), (0.2, 1), (0.5, 0.35), (0.8, 1), (1, 0)]],
        "X": [[(0, 0), (1, 1)], [(1, 0), (0, 1)]],
        "Y": [[(0, 0), (0.5, 0.52), (1, 0)], [(0.5, 0.52), (0.5, 1)]],
        "Z": [[(0, 0), (1, 0), (0, 1), (1, 1)]],
        "1": [[(0.15, 0.2), (0.55, 0), (0.55, 1)]] if flag1 else [[(0.5, 0), (0.5, 1)]],
        "4": [[(0.76, 1), (0.76, 0), (0, 0.66), (1, 0.66)]],
        "7": [[(0, 0), (1, 0), (0.34, 1)]],
    }
    return lines[ch]


NARROW = "I1"
# Variants 0-39 draw training plates; 40-47 are kept for validation only (never trained on).
TRAIN_VARIANTS, VAL_VARIANTS = range(40), range(40, 48)


def variant_params(variant):
    """Deterministic style of a variant: stroke weight, width, corner radius, middle height, sharp (mitre joins, flat ends, as
    on the plates) or round joins and ends, the 1's flag, the 6 and 9's hook or flat terminal."""
    rng = np.random.default_rng([78, variant])
    return {"stroke": rng.uniform(0.12, 0.2), "width": rng.uniform(0.5, 0.66), "radius": rng.uniform(0.22, 0.48),
            "mid": rng.uniform(0.45, 0.52), "mitre": bool(rng.random() < 0.75), "flag1": bool(rng.random() < 0.15),
            "flat6": bool(rng.random() < 0.5)}


def _extend(path, t):
    """An open path lengthened by t at both ends along its end segments (butt ends then cover the centre line's length)."""
    if len(path) < 2 or path[0] == path[-1]:
        return path

    def out(a, b):
        d = math.hypot(a[0] - b[0], a[1] - b[1]) or 1.0
        return (a[0] + (a[0] - b[0]) / d * t, a[1] + (a[1] - b[1]) / d * t)

    return [out(path[0], path[1])] + path[1:-1] + [out(path[-1], path[-2])]


def _stroke(mask, path, h, mitre, scale):
    """Fills the stroke of half-width h along `path` into `mask` (uint8, drawn `scale` times larger): a quad per segment, and
    per joint a mitre wedge (sharp outer corners, clipped to a bevel at 2.5 h on acute turns) or a disc (round joins and
    ends). cv2's thick polylines and PIL's joint='curve' both round every corner, which makes a D's square corners an O's."""
    pts = [np.array(path[0], np.float64)]
    for p in path[1:]:
        if np.hypot(*(np.array(p) - pts[-1])) > 1e-6:
            pts.append(np.array(p, np.float64))
    closed = len(pts) > 2 and np.hypot(*(pts[0] - pts[-1])) < 1e-6
    if closed:
        pts = pts[:-1]
    k = 8  # fillConvexPoly sub-pixel bits: 3
    poly = lambda q: cv2.fillConvexPoly(mask, np.int32(np.round(np.array(q) * scale * k)), 255, cv2.LINE_8, shift=3)
    disc = lambda c: cv2.circle(mask, tuple(np.int32(np.round(c * scale * k))), int(round(h * scale * k)), 255, -1, cv2.LINE_8, shift=3)
    n = len(pts)
    segs = [(pts[i], pts[(i + 1) % n]) for i in range(n if closed else n - 1)]
    normal = []
    for a, b in segs:
        d = (b - a) / np.hypot(*(b - a))
        nv = np.array([-d[1], d[0]])
        normal.append(nv)
        poly([a + nv * h, b + nv * h, b - nv * h, a - nv * h])
    joints = range(len(segs)) if closed else range(1, len(segs))
    for j in joints:
        v, n1, n2 = segs[j][0], normal[j - 1], normal[j]
        if not mitre:
            disc(v)
            continue
        bis = n1 + n2
        norm = np.hypot(*bis)
        for sgn in (1, -1):
            p1, p2 = v + sgn * n1 * h, v + sgn * n2 * h
            if norm < 1e-6 or 2 / norm > 2.5:
                poly([v, p1, p2])
            else:
                poly([v, p1, v + sgn * bis / norm * (2 * h / norm), p2])
    if not mitre and not closed:
        disc(pts[0])
        disc(pts[-1])


def stroke_glyph(ch, variant, height=160):
    """The character's ink (float32 0-1), cropped tight, at `height` px."""
    p = variant_params(variant)
    t = p["stroke"] * height
    width = (t * 1.15 if (ch in NARROW and not (ch == "1" and p["flag1"])) else p["width"] * height)
    if ch == "1" and p["flag1"]:
        width = p["width"] * height * 0.55
    if ch in "MW":
        width *= 1.12
    iw, ih = max(width - t, 1.0), height - t
    # Circular corners: the radius is a share of the width, the same number of pixels across and down.
    ru = min(0.5, p["radius"] * (1.0 if ch not in "MW" else 0.9))
    rv = min(0.3, ru * iw / ih)
    pad = int(t * 2)
    W, H = int(width + 2 * pad), int(height + 2 * pad)
    paths = [[(pad + t / 2 + u * iw, pad + t / 2 + v * ih) for u, v in path] for path in _paths(ch, ru, rv, p["flag1"], p["mid"], p["flat6"])]
    # Drawn 4 times larger and area-reduced: the edges come out anti-aliased and the strokes' seams vanish.
    s = 4
    mask = np.zeros((H * s, W * s), np.uint8)
    for path in paths:
        _stroke(mask, _extend(path, t / 2) if p["mitre"] else path, t / 2, p["mitre"], s)
    a = cv2.resize(mask.astype(np.float32) / 255.0, (W, H), interpolation=cv2.INTER_AREA)
    ys, xs = np.nonzero(a > 0.05)
    return a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]

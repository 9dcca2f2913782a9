"""A stroke font drawn after the character shapes of CONTRAN Resolution 231/2007 (the old grey plates' typeface): heavy
strokes of even width, condensed, rounded-rectangle bowls, a straight-legged 7, a closed 4. The free look-alike of that face
('Mandatory') cannot be shipped (its terms are unclear and it is not on npm), so its shapes are written here as centre lines
and stroked with varied weight, width and corner radius: variants, not a copy of any font file."""
import math

import cv2
import numpy as np


def _arc(cx, cy, ru, rv, a0, a1, steps=10):
    return [(cx + ru * math.cos(math.radians(a)), cy + rv * math.sin(math.radians(a))) for a in np.linspace(a0, a1, steps)]


def _rrect(u0, v0, u1, v1, ru, rv):
    """A closed rounded rectangle (stadium when the radii reach half the size), clockwise from the top edge."""
    p = []
    p += _arc(u1 - ru, v0 + rv, ru, rv, -90, 0)
    p += _arc(u1 - ru, v1 - rv, ru, rv, 0, 90)
    p += _arc(u0 + ru, v1 - rv, ru, rv, 90, 180)
    p += _arc(u0 + ru, v0 + rv, ru, rv, 180, 270)
    return p + [p[0]]


def _paths(ch, r, flag1):
    """Centre lines of a character in a unit box (u right, v down), corner radius r (0-0.5 of the width)."""
    ru, rv = 0.5 * r / 0.5, 0.28 * r / 0.5
    ru, rv = min(ru, 0.5), min(rv, 0.3)
    half = 0.47
    if ch in "O0":
        return [_rrect(0, 0, 1, 1, 0.5, 0.26 if ch == "O" else 0.3)]
    if ch == "Q":
        return [_rrect(0, 0, 1, 1, 0.5, 0.26), [(0.55, 0.72), (1.0, 1.04)]]
    if ch == "D":
        return [[(0, 0)] + _arc(1 - ru, rv, ru, rv, -90, 0) + _arc(1 - ru, 1 - rv, ru, rv, 0, 90) + [(0, 1), (0, 0)]]
    if ch == "C":
        return [_arc(1 - ru, rv, ru, rv, -30, -90) + _arc(ru, rv, ru, rv, 270, 180) + _arc(ru, 1 - rv, ru, rv, 180, 90) + _arc(1 - ru, 1 - rv, ru, rv, 90, 30)]
    if ch == "G":
        return [_arc(1 - ru, rv, ru, rv, -25, -90) + _arc(ru, rv, ru, rv, 270, 180) + _arc(ru, 1 - rv, ru, rv, 180, 90) + _arc(1 - ru, 1 - rv, ru, rv, 90, 0) + [(1, 0.55), (0.55, 0.55)]]
    if ch == "U":
        return [[(0, 0)] + _arc(ru, 1 - rv, ru, rv, 180, 90) + _arc(1 - ru, 1 - rv, ru, rv, 90, 0) + [(1, 0)]]
    if ch == "J":
        return [[(1, 0)] + _arc(1 - ru, 1 - rv, ru, rv, 0, 90) + _arc(ru, 1 - rv, ru, rv, 90, 180) + [(0, 0.68)]]
    if ch in "BPR":
        b1 = half if ch == "B" else 0.52
        rb = min(ru, 0.4)
        top = [(0, b1), (0, 0)] + _arc(1 - rb - (0.06 if ch == "B" else 0), b1 / 2, rb, b1 / 2, -90, 90) + [(0, b1)]
        if ch == "P":
            return [top + [(0, 1)]]
        if ch == "R":
            return [top + [(0, 1)], [(0.45, b1), (1, 1)]]
        bottom = [(0, b1)] + _arc(1 - rb, b1 + (1 - b1) / 2, rb, (1 - b1) / 2, -90, 90) + [(0, 1), (0, b1)]
        return [top, bottom]
    if ch == "S":
        q = 0.25
        return [_arc(1 - ru, q, ru, q, 5, -90) + _arc(ru, q, ru, q, 270, 90) + _arc(1 - ru, 1 - q, ru, q, -90, 90) + _arc(ru, 1 - q, ru, q, 90, 175)]
    if ch == "2":
        q = 0.26
        return [_arc(ru, q, ru, q, 170, 270) + _arc(1 - ru, q, ru, q, -90, 20) + [(0, 1), (1, 1)]]
    if ch == "3":
        q1, q2 = 0.235, 0.265
        return [_arc(ru, rv, ru, rv, 170, 270) + _arc(1 - ru, q1, ru, q1, -90, 90) + [(0.35, 2 * q1)],
                [(1 - ru, 2 * q1)] + _arc(1 - ru, 2 * q1 + q2, ru, q2, -90, 90) + _arc(ru, 1 - rv, ru, rv, 90, 190)]
    if ch == "5":
        q = 0.27
        return [[(1, 0), (0.02, 0), (0, 1 - 2 * q)] + _arc(1 - ru, 1 - q, ru, q, -90, 90) + _arc(ru, 1 - rv, ru, rv, 90, 190)]
    if ch in "69":
        q = 0.27
        p = _arc(1 - ru, rv, ru, rv, 10, -90) + _arc(ru, rv, ru, rv, 270, 180) + _arc(ru, 1 - rv, ru, rv, 180, 90) + _arc(1 - ru, 1 - rv, ru, rv, 90, 0)
        p += _arc(1 - ru, 1 - q, ru, q, 0, -90) + _arc(ru, 1 - q, ru, q, 270, 180)
        return [p] if ch == "6" else [[(1 - u, 1 - v) for u, v in p]]
    if ch == "8":
        return [_rrect(0.06, 0, 0.94, half, ru * 0.9, min(rv, half / 2)), _rrect(0, half, 1, 1, ru, min(rv, (1 - half) / 2))]
    lines = {
        "A": [[(0, 1), (0.5, 0), (1, 1)], [(0.2, 0.66), (0.8, 0.66)]],
        "E": [[(1, 0), (0, 0), (0, 1), (1, 1)], [(0, 0.48), (0.85, 0.48)]],
        "F": [[(1, 0), (0, 0), (0, 1)], [(0, 0.48), (0.85, 0.48)]],
        "H": [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(0, 0.48), (1, 0.48)]],
        "I": [[(0.5, 0), (0.5, 1)]],
        "K": [[(0, 0), (0, 1)], [(1, 0), (0, 0.62)], [(0.3, 0.4), (1, 1)]],
        "L": [[(0, 0), (0, 1), (1, 1)]],
        "M": [[(0, 1), (0, 0), (0.5, 0.62), (1, 0), (1, 1)]],
        "N": [[(0, 1), (0, 0), (1, 1), (1, 0)]],
        "T": [[(0, 0), (1, 0)], [(0.5, 0), (0.5, 1)]],
        "V": [[(0, 0), (0.5, 1), (1, 0)]],
        "W": [[(0, 0), (0.2, 1), (0.5, 0.3), (0.8, 1), (1, 0)]],
        "X": [[(0, 0), (1, 1)], [(1, 0), (0, 1)]],
        "Y": [[(0, 0), (0.5, 0.52), (1, 0)], [(0.5, 0.52), (0.5, 1)]],
        "Z": [[(0, 0), (1, 0), (0, 1), (1, 1)]],
        "1": [[(0.15, 0.2), (0.55, 0), (0.55, 1)]] if flag1 else [[(0.5, 0), (0.5, 1)]],
        "4": [[(0.78, 1), (0.78, 0), (0, 0.68), (1, 0.68)]],
        "7": [[(0, 0), (1, 0), (0.32, 1)]],
    }
    return lines[ch]


NARROW = "I1"


def variant_params(variant):
    """Deterministic style of a variant: stroke weight, width, corner radius, the 1's flag."""
    rng = np.random.default_rng([77, variant])
    return {"stroke": rng.uniform(0.11, 0.17), "width": rng.uniform(0.48, 0.62), "radius": rng.uniform(0.25, 0.5),
            "flag1": bool(rng.random() < 0.5)}


def stroke_glyph(ch, variant, height=160):
    """The character's ink (float32 0-1), cropped tight, at `height` px."""
    p = variant_params(variant)
    t = p["stroke"] * height
    width = (t * 1.2 if (ch in NARROW and not (ch == "1" and p["flag1"])) else p["width"] * height)
    if ch == "1" and p["flag1"]:
        width = p["width"] * height * 0.55
    if ch in "MW":
        width *= 1.12
    pad = int(t * 2)
    img = np.zeros((int(height + 2 * pad), int(width + 2 * pad)), np.uint8)
    scale = 8  # sub-pixel precision for cv2's integer coordinates
    for path in _paths(ch, p["radius"], p["flag1"]):
        pts = np.array([(pad + t / 2 + u * (width - t), pad + t / 2 + v * (height - t)) for u, v in path]) * scale
        cv2.polylines(img, [np.int32(pts)], False, 255, int(round(t)), cv2.LINE_AA, shift=3)
    a = img.astype(np.float32) / 255.0
    ys, xs = np.nonzero(a > 0.05)
    return a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]

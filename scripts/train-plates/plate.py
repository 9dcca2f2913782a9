"""Flat Brazilian plates drawn to scale (px per mm): old grey plates (LLL-NNNN under the city strip) and Mercosul plates
(LLLNLNN under the blue 'BRASIL' band), cars (400 x 130 mm) and motorcycles (200 x 170 mm, two lines), with the details a
camera sees on real ones: rim, seal, screws, embossed and worn characters, separator dot or hyphen, marks under characters,
QR code, holographic pattern. Returns an RGB float32 image (0-255) and the plate outline mask."""
import math

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from strokefont import stroke_glyph

L = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
D = "0123456789"
# A Mercosul plate's 5th character is any letter (issue 48): converted old plates have A-J there (their 5th digit 0-9 became
# a letter), plates issued new any letter A-Z. The converted plates are most of the fleet, so A-J are drawn more often:
# 6 in 10 Mercosul plates get one of A-J, 4 in 10 one of K-Z (each of A-J 6.0%, each of K-Z 2.5%; the bench's generated
# scenes, bench/browser/plate-render.ts, draw the same share).
MERCOSUL_CONVERTED = "ABCDEFGHIJ"
MERCOSUL_NEW = "KLMNOPQRSTUVWXYZ"
MERCOSUL_CONVERTED_SHARE = 0.6
MERCOSUL_FIFTH = {c: MERCOSUL_CONVERTED_SHARE / len(MERCOSUL_CONVERTED) for c in MERCOSUL_CONVERTED} | {
    c: (1 - MERCOSUL_CONVERTED_SHARE) / len(MERCOSUL_NEW) for c in MERCOSUL_NEW}

CITIES = [
    "BA-SALVADOR", "SP-SAO PAULO", "RJ-RIO DE JANEIRO", "MG-BELO HORIZONTE", "PR-CURITIBA", "RS-PORTO ALEGRE", "PE-RECIFE",
    "CE-FORTALEZA", "DF-BRASILIA", "GO-GOIANIA", "SC-FLORIANOPOLIS", "ES-VITORIA", "AM-MANAUS", "PA-BELEM", "BA-FEIRA DE SANTANA",
    "SP-CAMPINAS", "SP-SANTOS", "MG-UBERLANDIA", "PR-LONDRINA", "RS-CAXIAS DO SUL", "BA-CAMACARI", "BA-LAURO DE FREITAS",
    "SP-DIADEMA", "RJ-NITEROI", "MT-CUIABA", "MS-CAMPO GRANDE", "PB-JOAO PESSOA", "RN-NATAL", "AL-MACEIO", "SE-ARACAJU",
    "PI-TERESINA", "MA-SAO LUIS", "TO-PALMAS", "RO-PORTO VELHO", "AC-RIO BRANCO", "AP-MACAPA", "RR-BOA VISTA", "SP-OSASCO",
]

_glyph_cache = {}
_NOISE = np.random.default_rng(12345).standard_normal(1 << 22, dtype=np.float32)


def noise(rng, shape):
    """Unit Gaussian noise from a fixed bank at a random offset (drawing millions of normals per sample is the slow part)."""
    n = int(np.prod(shape))
    start = int(rng.integers(0, _NOISE.size - n)) if n < _NOISE.size else 0
    return _NOISE[start:start + n].reshape(shape) if n < _NOISE.size else rng.standard_normal(shape, dtype=np.float32)


def glyph_mask(font_path, ch, size=160):
    """The character's ink, cropped tight, as float32 0-1 (cached per font and character). 'stroke:N' is variant N of the
    stroke font (strokefont.py)."""
    if not font_path.startswith("stroke:"):
        return baseline_glyph(font_path, ch, size)[0]
    key = (font_path, ch, size)
    g = _glyph_cache.get(key)
    if g is None:
        g = _glyph_cache[key] = stroke_glyph(ch, int(font_path[7:]), size)
    return g


_font_cache = {}


def baseline_glyph(font_path, ch, size=160):
    """The character's ink cropped tight (as glyph_mask), with its top relative to the top of the face's capitals, and the
    capitals' height (px at `size`): a J or a Q that goes below the line keeps its descent, as when a line of text is set in
    the face."""
    key = ("baseline", font_path, ch, size)
    r = _glyph_cache.get(key)
    if r is None:
        font = _font(font_path, size)
        img = Image.new("L", (size * 2, size * 2), 0)
        base = int(size * 1.4)
        ImageDraw.Draw(img).text((size // 2, base), ch, fill=255, font=font, anchor="ls")
        a = np.asarray(img, dtype=np.float32) / 255.0
        ys, xs = np.nonzero(a > 0.05)
        cap = max(1, -font.getbbox("H", anchor="ls")[1])
        if not len(ys):
            r = _glyph_cache[key] = (np.zeros((2, 2), np.float32), 0, cap)
        else:
            r = _glyph_cache[key] = (a[ys.min():ys.max() + 1, xs.min():xs.max() + 1], ys.min() - (base - cap), cap)
    return r


def _font(path, size):
    f = _font_cache.get((path, size))
    if f is None:
        f = _font_cache[(path, size)] = ImageFont.truetype(path, size)
    return f


def text_mask(font_path, text, height_px):
    """A line of small text (city strip, BRASIL, dealer frame) scaled to a cap height, float32 0-1."""
    size = max(8, int(height_px * 1.45) // 4 * 4)
    font = _font(font_path, size)
    box = font.getbbox(text)
    img = Image.new("L", (box[2] - box[0] + 4, box[3] - box[1] + 4), 0)
    ImageDraw.Draw(img).text((2 - box[0], 2 - box[1]), text, fill=255, font=font)
    a = np.asarray(img, dtype=np.float32) / 255.0
    ys, xs = np.nonzero(a > 0.05)
    if not len(ys):
        return np.zeros((2, 2), np.float32)
    a = a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    scale = height_px / a.shape[0]
    return cv2.resize(a, (max(1, int(a.shape[1] * scale)), max(1, int(height_px))), interpolation=cv2.INTER_AREA)


def paste(canvas, mask, x, y, color, alpha=1.0):
    """Alpha-blends a solid colour through `mask` at (x, y) (top-left), clipped to the canvas."""
    h, w = mask.shape
    x, y = int(round(x)), int(round(y))
    x0, y0, x1, y1 = max(0, x), max(0, y), min(canvas.shape[1], x + w), min(canvas.shape[0], y + h)
    if x1 <= x0 or y1 <= y0:
        return
    m = mask[y0 - y:y1 - y, x0 - x:x1 - x, None] * alpha
    region = canvas[y0:y1, x0:x1]
    region[:] = region * (1 - m) + np.asarray(color, np.float32) * m


def fit_glyph(g, height, max_width, condense):
    """Scales a glyph to the plate's character height; narrowed (never widened past the cell) like the plate fonts."""
    aspect = g.shape[1] / g.shape[0]
    w = max(1, min(max_width, height * aspect * condense))
    if aspect < 0.3:  # I and 1 stay narrow bars
        w = max(1, height * aspect * min(condense, 1.3))
    return cv2.resize(g, (int(round(w)), int(round(height))), interpolation=cv2.INTER_AREA)


def emboss(canvas, mask, x, y, strength, dx, dy):
    """Raised characters: a light edge on one side and a shadow on the other."""
    if strength <= 0:
        return
    h, w = mask.shape
    pad = np.zeros((h + 8, w + 8), np.float32)
    pad[4:4 + h, 4:4 + w] = mask
    light = np.roll(np.roll(pad, -dy, 0), -dx, 1) - pad
    dark = np.roll(np.roll(pad, dy, 0), dx, 1) - pad
    paste(canvas, np.clip(light, 0, 1), x - 4, y - 4, (255, 255, 255), strength)
    paste(canvas, np.clip(dark, 0, 1), x - 4, y - 4, (0, 0, 0), strength)


def rounded_rect_mask(h, w, r):
    m = np.zeros((h, w), np.uint8)
    r = int(max(1, min(r, h // 2 - 1, w // 2 - 1)))
    cv2.rectangle(m, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(m, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(m, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return m.astype(np.float32) / 255.0


# A Mercosul plate's first three letters: each letter drawn so that over the plate's four letter positions it is as frequent
# as any other, what the 5th draws (A-J more than K-Z) made up by the first three: 3 x first(c) + fifth(c) = 4/26. With
# uniform draws (and the 5th always A-J) D, C, G... were half as frequent again as O, Q, S, and the net leant to D wherever
# the two looked alike.
_MERC_FIRST = np.array([4 / 26 - MERCOSUL_FIFTH[c] for c in L])
_MERC_FIRST /= _MERC_FIRST.sum()
_FIFTH_P = np.array([MERCOSUL_FIFTH[c] for c in L])


def random_plate_text(rng, mercosul):
    s = "".join(rng.choice(list(L), 3, p=_MERC_FIRST if mercosul else None)) + rng.choice(list(D))
    s += rng.choice(list(L), p=_FIFTH_P) if mercosul else rng.choice(list(D))
    return s + "".join(rng.choice(list(D), 2))


def _texture(rng, h, w, amount):
    """Retro-reflective sheeting: fine noise and faint horizontal ribs."""
    t = cv2.resize(noise(rng, (h // 2, w // 2)) * amount, (w, h), interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.5:
        period = rng.uniform(3, 9)
        t += (np.sin(np.arange(h, dtype=np.float32)[:, None] * 2 * math.pi / period) * amount * rng.uniform(0.3, 1.2))
    return t[..., None]


def _screw(canvas, rng, cx, cy, r):
    base = rng.uniform(90, 200)
    cv2.circle(canvas, (int(cx), int(cy)), int(r), (base, base, base), -1, cv2.LINE_AA)
    cv2.circle(canvas, (int(cx - r * 0.25), int(cy - r * 0.25)), int(r * 0.45), (min(255, base + 50),) * 3, -1, cv2.LINE_AA)
    if rng.random() < 0.6:
        cv2.line(canvas, (int(cx - r * 0.7), int(cy)), (int(cx + r * 0.7), int(cy)), (base * 0.4,) * 3, max(1, int(r * 0.2)))


def _seal(canvas, rng, cx, cy, r):
    color = [(180, 30, 30), (150, 20, 25), (220, 210, 200), (120, 60, 40), (60, 60, 60)][rng.integers(0, 5)]
    pts = [(cx + math.cos(a) * r * rng.uniform(0.6, 1.1), cy + math.sin(a) * r * rng.uniform(0.6, 1.1)) for a in np.linspace(0, 2 * math.pi, 8, endpoint=False)]
    cv2.fillPoly(canvas, [np.int32(pts)], color, cv2.LINE_AA)
    cv2.line(canvas, (int(cx - r * 2.2), int(cy)), (int(cx + r * 2.5), int(cy + rng.uniform(-r, r))), (90, 90, 90), max(1, int(r * 0.12)), cv2.LINE_AA)


def _qr(canvas, rng, x, y, size):
    n = 9
    cells = rng.random((n, n)) < 0.5
    cell = size / n
    for i in range(n):
        for j in range(n):
            if cells[i, j]:
                cv2.rectangle(canvas, (int(x + j * cell), int(y + i * cell)), (int(x + (j + 1) * cell), int(y + (i + 1) * cell)), (20, 20, 20), -1)


def _flag(canvas, x, y, w, h):
    cv2.rectangle(canvas, (int(x), int(y)), (int(x + w), int(y + h)), (0, 150, 60), -1)
    pts = np.int32([(x + w * 0.1, y + h / 2), (x + w / 2, y + h * 0.1), (x + w * 0.9, y + h / 2), (x + w / 2, y + h * 0.9)])
    cv2.fillPoly(canvas, [pts], (250, 210, 0), cv2.LINE_AA)
    cv2.circle(canvas, (int(x + w / 2), int(y + h / 2)), int(h * 0.25), (20, 40, 140), -1, cv2.LINE_AA)


OLD_SCHEMES = [  # (weight, background, ink): private grey dominates; commercial red, official white, others rare
    (0.80, "grey", "dark"), (0.08, (170, 30, 30), (235, 235, 235)), (0.05, (235, 235, 235), (25, 25, 25)),
    (0.03, (235, 235, 235), (180, 30, 30)), (0.02, (30, 30, 30), (200, 200, 200)), (0.02, (30, 110, 60), (235, 235, 235)),
]
MERC_INKS = [(0.84, (15, 15, 15)), (0.06, (190, 25, 25)), (0.03, (20, 50, 150)), (0.03, (20, 110, 60)), (0.02, (170, 140, 40)), (0.02, (150, 150, 150))]


def _pick(rng, weighted):
    w = np.array([x[0] for x in weighted])
    return weighted[rng.choice(len(weighted), p=w / w.sum())][1:]


def render_plate(rng, text, mercosul, moto, char_fonts, small_fonts, k=2.5):
    """The flat plate at k px/mm: (rgb float32 H x W x 3, outline mask H x W, character boxes)."""
    W, H = (200, 170) if moto else (400, 130)
    w, h = int(W * k), int(H * k)
    if mercosul:
        bg = np.full(3, rng.uniform(205, 250), np.float32) + rng.normal(0, 3, 3)
        ink = np.array(_pick(rng, MERC_INKS)[0], np.float32)
        if rng.random() < 0.06:
            # Light characters on a dark plate (a negative, or a plate photographed against the light): the format is told by
            # the blue band, never by the plate's brightness (without these, the bench's inverted Mercosul plates all read as
            # old plates, their 5th letter B as 8).
            bg, ink = np.full(3, rng.uniform(15, 70), np.float32) + rng.normal(0, 3, 3), np.full(3, rng.uniform(170, 245), np.float32)
    else:
        scheme_bg, scheme_ink = _pick(rng, OLD_SCHEMES)
        if scheme_bg == "grey":
            bg = np.full(3, rng.uniform(150, 228), np.float32) + rng.normal(0, 5, 3)
            ink = np.full(3, rng.uniform(5, 60), np.float32)
        else:
            bg, ink = np.array(scheme_bg, np.float32) + rng.normal(0, 8, 3), np.array(scheme_ink, np.float32)
    canvas = np.empty((h, w, 3), np.float32)
    canvas[:] = bg
    canvas += _texture(rng, h, w, rng.uniform(1, 6))
    if mercosul and rng.random() < 0.7:  # faint holographic waves
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        waves = np.sin(xx / (k * rng.uniform(6, 14)) + np.sin(yy / (k * rng.uniform(5, 12))) * 2.0)
        canvas -= (waves > 0.6)[..., None] * rng.uniform(3, 12)
    outline = rounded_rect_mask(h, w, k * rng.uniform(3, 10))
    rim = max(1, int(k * rng.uniform(1.2, 3.5)))
    rim_color = np.clip(bg * rng.uniform(0.35, 0.8), 0, 255) if mercosul or rng.random() < 0.7 else np.clip(bg * 1.15, 0, 255)
    cv2.rectangle(canvas, (rim, rim), (w - 1 - rim, h - 1 - rim), tuple(float(c) for c in rim_color), rim, cv2.LINE_AA)

    # Top area: Mercosul band or the old plates' city strip.
    top = (rng.uniform(0.17, 0.22) if moto else rng.uniform(0.19, 0.25)) * h
    if mercosul:
        blue = (rng.uniform(0, 30), rng.uniform(35, 75), rng.uniform(120, 175))
        cv2.rectangle(canvas, (rim * 2, rim * 2), (w - 1 - rim * 2, int(top)), blue, -1)
        word = text_mask(small_fonts[rng.integers(len(small_fonts))], "BRASIL", top * rng.uniform(0.4, 0.6))
        paste(canvas, word, (w - word.shape[1]) / 2, (top + rim * 2 - word.shape[0]) / 2, (245, 245, 245))
        _flag(canvas, w - rim * 3 - top * 0.75, top * 0.25, top * 0.7, top * 0.5)
        cv2.circle(canvas, (int(rim * 3 + top * 0.45), int(top * 0.55)), int(top * 0.28), (235, 235, 235), max(1, int(k)), cv2.LINE_AA)
        if rng.random() < 0.6:
            _qr(canvas, rng, rim * 3 + k * 2, top + k * 3, k * rng.uniform(12, 18))
    else:
        x0, x1 = w * rng.uniform(0.06, 0.14), w * rng.uniform(0.86, 0.94)
        strip_color = tuple(float(c) for c in ink * 0.8 + bg * 0.2)
        if rng.random() < 0.75:
            cv2.rectangle(canvas, (int(x0), int(top * 0.22)), (int(x1), int(top)), strip_color, max(1, int(k * 0.6)), cv2.LINE_AA)
        city = CITIES[rng.integers(len(CITIES))]
        tm = text_mask(small_fonts[rng.integers(len(small_fonts))], city, top * rng.uniform(0.38, 0.55))
        if tm.shape[1] > (x1 - x0) * 0.95:
            tm = cv2.resize(tm, (int((x1 - x0) * 0.95), tm.shape[0]), interpolation=cv2.INTER_AREA)
        paste(canvas, tm, (w - tm.shape[1]) / 2, top * 0.6 - tm.shape[0] / 2 + rim * 0.5, tuple(ink))
        if rng.random() < 0.65:
            _seal(canvas, rng, w * rng.uniform(0.07, 0.12), top * rng.uniform(0.45, 0.7), k * rng.uniform(3, 6))
    if rng.random() < 0.6:
        for sx in (rng.uniform(0.2, 0.32), rng.uniform(0.68, 0.8)):
            _screw(canvas, rng, w * sx, top * rng.uniform(0.35, 0.65) if not moto else top + k * 4, k * rng.uniform(2.5, 4.5))

    # Characters.
    font = char_fonts[rng.integers(len(char_fonts))]
    condense = rng.uniform(0.8, 1.25)
    # A third of the plates in the general faces are set as a line of text in the face (its own widths: a wide W, a narrow I;
    # its baseline: a J or Q's descent), squeezed as a whole to the plate, as sign makers and the bench's renderer set them;
    # the rest centre each character, at the capitals' height, in an even pitch (the plates' typefaces are monospaced).
    proportional = not font.startswith("stroke:") and not moto and rng.random() < 0.35
    lines = [(text[:3], 0), (text[3:], 3)] if moto else [(text, 0)]
    boxes = []
    for li, (chars, first) in enumerate(lines):
        if moto:
            ch = h * rng.uniform(0.3, 0.34)
            y_top = top + h * 0.04 + li * (ch + h * rng.uniform(0.03, 0.06))
            span = w * (rng.uniform(0.62, 0.75) if li == 0 else rng.uniform(0.82, 0.92))
            sep = 0.0
        else:
            ch = h * rng.uniform(0.44, 0.54)
            y_top = top + (h - top - ch) * rng.uniform(0.35, 0.6)
            span = w * rng.uniform(0.85, 0.94)
            sep = 0.0 if mercosul else rng.uniform(0.35, 0.8)
        pitch = span / (len(chars) + sep)
        left = (w - span) / 2 + w * rng.uniform(-0.015, 0.015)
        stroke_dx, stroke_dy = int(rng.integers(-2, 3) * k / 2), int(rng.integers(0, 3) * k / 2)
        emb = rng.uniform(0, 0.5) if rng.random() < 0.6 else 0.0
        if proportional:
            glyphs, drops = [], []
            for c in chars:
                g, top_px, cap = baseline_glyph(font, c)
                glyphs.append(cv2.resize(g, (max(1, int(round(g.shape[1] * ch / cap * condense))), max(1, int(round(g.shape[0] * ch / cap)))), interpolation=cv2.INTER_AREA))
                drops.append(top_px * ch / cap)
            gap, sep_w = ch * rng.uniform(0.04, 0.14), ch * sep * 0.7
            ink_w = sum(g.shape[1] for g in glyphs)
            room = span - gap * (len(chars) - 1) - sep_w
            if ink_w > room:
                glyphs = [cv2.resize(g, (max(1, int(round(g.shape[1] * room / ink_w))), g.shape[0]), interpolation=cv2.INTER_AREA) for g in glyphs]
            x = (w - sum(g.shape[1] for g in glyphs) - gap * (len(chars) - 1) - sep_w) / 2 + w * rng.uniform(-0.015, 0.015)
            xs = []
            for i, g in enumerate(glyphs):
                if i == 3 and sep_w:
                    sep_x = x - gap / 2 + sep_w / 2
                    x += sep_w
                xs.append(x)
                x += g.shape[1] + gap
        for i, c in enumerate(chars):
            dy = 0.0
            if proportional:
                g, x, dy = glyphs[i], xs[i], drops[i]
            else:
                g = fit_glyph(glyph_mask(font, c), ch, pitch * 0.94, condense)
                cx = left + pitch * (i + 0.5 + (sep if (not mercosul and not moto and i >= 3) else 0))
                x = cx - g.shape[1] / 2
            if rng.random() < 0.05:  # worn paint: part of the character shows the bare metal
                wear = cv2.GaussianBlur(rng.random(g.shape).astype(np.float32), (0, 0), k * 3)
                g = g * (wear < np.quantile(wear, rng.uniform(0.6, 0.95)))
            emboss(canvas, g, x, y_top + dy, emb, stroke_dx, stroke_dy)
            paste(canvas, g, x, y_top + dy, tuple(ink))
            boxes.append((x, y_top, g.shape[1], ch))
        if sep and rng.random() < 0.9:
            sx = sep_x if proportional else left + pitch * (3 + sep / 2)
            dash = rng.random() < 0.3
            sw, sh = (ch * rng.uniform(0.2, 0.3), ch * rng.uniform(0.07, 0.1)) if dash else (ch * rng.uniform(0.06, 0.11),) * 2
            cv2.rectangle(canvas, (int(sx - sw / 2), int(y_top + ch * 0.5 - sh / 2)), (int(sx + sw / 2), int(y_top + ch * 0.5 + sh / 2)), tuple(float(c) for c in ink), -1, cv2.LINE_AA)
        if not moto and rng.random() < 0.65:  # the small marks pressed under some characters
            for i in rng.choice(len(chars), rng.integers(1, 4), replace=False):
                bx, by, bw, bh = boxes[first + i]
                yb = min(h - rim * 2 - 2, by + bh + k * rng.uniform(1.5, 4))
                cv2.rectangle(canvas, (int(bx + bw * 0.3), int(yb)), (int(bx + bw * 0.7), int(yb + k * 1.5)), tuple(float(c) for c in ink), -1)
    return np.clip(canvas, 0, 255), outline, boxes

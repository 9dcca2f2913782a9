"""A camera's view of a plate: the flat plate (plate.py) on a car-like background in perspective, under real-world damage
(light, shadow, glare, dirt, blur, motion, noise, JPEG), cropped the way the scanner's guide frame crops a camera frame, and
reduced to the recognizer's input exactly as the OCR worker does it (area scaling, Rec. 601 luma)."""
import math

import cv2
import numpy as np

from plate import L, D, noise, paste, random_plate_text, render_plate, text_mask

INPUT_H, INPUT_W = 64, 192


def _background(rng, h, w):
    """Car body, bumper, grille, recess: smooth colour with bands, bars and edges."""
    base = rng.uniform(15, 235, 3)
    if rng.random() < 0.3:
        base[:] = base.mean()
    img = np.empty((h, w, 3), np.float32)
    grad = np.linspace(rng.uniform(0.6, 1.2), rng.uniform(0.6, 1.2), h, dtype=np.float32)[:, None, None]
    img[:] = base
    img *= grad
    for _ in range(rng.integers(0, 5)):  # bumper bands, trim, body lines
        y0 = int(rng.uniform(0, h))
        y1 = y0 + int(rng.uniform(2, h * 0.3))
        img[y0:y1] = rng.uniform(10, 240, 3) if rng.random() < 0.5 else img[y0:y1] * rng.uniform(0.4, 1.4)
    if rng.random() < 0.3:  # grille
        step = int(rng.uniform(4, 16))
        y0, y1 = sorted(rng.integers(0, h, 2))
        color = tuple(float(c) for c in rng.uniform(0, 80, 3))
        for y in range(y0, y1, step):
            cv2.line(img, (0, y), (w, y), color, max(1, step // 3))
    for _ in range(rng.integers(0, 3)):  # edges and reflections
        p1 = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        p2 = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        cv2.line(img, p1, p2, tuple(float(c) for c in rng.uniform(0, 255, 3)), int(rng.uniform(1, 6)), cv2.LINE_AA)
    if rng.random() < 0.2:  # a brand emblem
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h * 0.3)))
        cv2.ellipse(img, c, (int(rng.uniform(10, 40)), int(rng.uniform(5, 20))), 0, 0, 360, tuple(float(v) for v in rng.uniform(0, 255, 3)), -1, cv2.LINE_AA)
    img += noise(rng, (h, w, 1)) * rng.uniform(0, 6)
    return img


def _distractor_text(rng, img, fonts, avoid):
    """Dealer frames and stickers: letters and digits near the plate that are not the plate."""
    ax, ay, aw, ah = avoid
    words = ["AUTO", "CENTER", "VEICULOS", "MOTORS", "TEL", "CONCESSIONARIA", "SEMINOVOS", "LOJA"]
    s = " ".join(rng.choice(words, rng.integers(1, 3)))
    if rng.random() < 0.5:
        s = f"({rng.integers(11, 99)}) {rng.integers(2000, 9999)}-{rng.integers(1000, 9999)}"
    if rng.random() < 0.3:
        s = "".join(rng.choice(list(L + D), rng.integers(3, 8)))
    mask = text_mask(fonts[rng.integers(len(fonts))], s, ah * rng.uniform(0.08, 0.2))
    above = rng.random() < 0.5
    y = ay - mask.shape[0] - ah * rng.uniform(0.02, 0.12) if above else ay + ah + ah * rng.uniform(0.02, 0.12)
    x = ax + (aw - mask.shape[1]) * rng.uniform(0, 1)
    paste(img, mask, x, y, tuple(float(c) for c in rng.uniform(0, 255, 3)))


def _homography(rng, w, h, target_w, center):
    """Plate corners in the scene: yaw, pitch, roll and a perspective camera; the plate is target_w px wide."""
    yaw = math.radians(rng.normal(0, 14) if rng.random() < 0.85 else rng.uniform(-40, 40))
    pitch = math.radians(rng.normal(0, 8))
    roll = math.radians(rng.normal(0, 3.5) if rng.random() < 0.9 else rng.uniform(-12, 12))
    f = rng.uniform(1.2, 5.0)
    pts = []
    for x, y in ((-0.5, -0.5 * h / w), (0.5, -0.5 * h / w), (0.5, 0.5 * h / w), (-0.5, 0.5 * h / w)):
        # rotate (yaw about y, pitch about x, roll about z), then project from distance f
        x1, z1 = x * math.cos(yaw), x * math.sin(yaw)
        y2, z2 = y * math.cos(pitch) - z1 * math.sin(pitch), y * math.sin(pitch) + z1 * math.cos(pitch)
        x3, y3 = x1 * math.cos(roll) - y2 * math.sin(roll), x1 * math.sin(roll) + y2 * math.cos(roll)
        s = f / (f + z2)
        pts.append((x3 * s, y3 * s))
    pts = np.array(pts, np.float32)
    span = pts[:, 0].max() - pts[:, 0].min()
    pts = pts / span * target_w
    pts += np.array(center, np.float32) - (pts.max(0) + pts.min(0)) / 2
    return pts


def _light(rng, img, plate_box):
    x, y, w, h = plate_box
    H, W = img.shape[:2]
    if rng.random() < 0.5:  # lighting gradient across the view
        a = rng.uniform(0, 2 * math.pi)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        t = ((xx - W / 2) * math.cos(a) + (yy - H / 2) * math.sin(a)) / max(W, H)
        img *= (1 + t * rng.uniform(0.2, 1.0))[..., None]
    if rng.random() < 0.22:  # a cast shadow (tree, bumper, the attendant) over part of the plate
        m = np.zeros((H, W), np.float32)
        cx, cy = x + w * rng.uniform(0, 1), y + h * rng.uniform(0, 1)
        pts = [(cx + math.cos(t) * w * rng.uniform(0.3, 1.2), cy + math.sin(t) * h * rng.uniform(0.5, 2)) for t in np.linspace(0, 2 * math.pi, 6, endpoint=False)]
        cv2.fillPoly(m, [np.int32(pts)], 1.0)
        m = cv2.GaussianBlur(m, (0, 0), rng.uniform(1, 8))
        img *= (1 - m * rng.uniform(0.3, 0.7))[..., None]
    if rng.random() < 0.15:  # glare
        m = np.zeros((H, W), np.float32)
        cv2.ellipse(m, (int(x + w * rng.uniform(0.1, 0.9)), int(y + h * rng.uniform(0.1, 0.9))), (int(w * rng.uniform(0.05, 0.3)), int(h * rng.uniform(0.1, 0.5))), rng.uniform(0, 180), 0, 360, 1.0, -1)
        m = cv2.GaussianBlur(m, (0, 0), rng.uniform(2, 10))
        img += (m * rng.uniform(60, 200))[..., None]
    if rng.random() < 0.25:  # dirt
        for _ in range(rng.integers(1, 12)):
            ax, ay = int(rng.uniform(1, w * 0.05)) + 1, int(rng.uniform(1, h * 0.08)) + 1
            m = np.zeros((2 * ay + 5, 2 * ax + 5), np.float32)
            cv2.ellipse(m, (ax + 2, ay + 2), (ax, ay), rng.uniform(0, 180), 0, 360, 1.0, -1)
            m = cv2.GaussianBlur(m, (0, 0), 1.0)
            paste(img, m, x + w * rng.uniform(0, 1) - ax, y + h * rng.uniform(0, 1) - ay, (rng.uniform(60, 130), rng.uniform(50, 100), rng.uniform(30, 70)), rng.uniform(0.2, 0.7))


def _camera(rng, img, to_input_scale):
    """Exposure, white balance, blur, motion, sensor noise and JPEG, in the camera's order. Blur and motion are drawn in the
    recognizer's input pixels (to_input_scale: input px per scene px), so a small plate is not blurred past reading while a
    large one is never blurred at all: the first version drew them in scene pixels."""
    night = rng.random() < 0.1
    gain = rng.uniform(0.15, 0.45) if night else rng.uniform(0.55, 1.3)
    img = img * gain * rng.uniform(0.9, 1.1, 3).astype(np.float32)
    if rng.random() < 0.3:  # low contrast (haze, faded plate)
        m = img.mean()
        img = m + (img - m) * rng.uniform(0.35, 0.8)
    img = 255 * np.power(np.clip(img / 255, 0, 1), rng.uniform(0.7, 1.4))
    if rng.random() < 0.55:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.2, 1.2) / to_input_scale)
    if rng.random() < 0.2:
        n = max(2, int(rng.uniform(1.5, 3.5) / to_input_scale))
        kern = np.zeros((n, n), np.float32)
        kern[n // 2, :] = 1
        rot = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kern = cv2.warpAffine(kern, rot, (n, n))
        img = cv2.filter2D(img, -1, kern / max(kern.sum(), 1e-6))
    sigma = rng.uniform(8, 20) if night else rng.uniform(0, 7)
    img = img + noise(rng, img.shape) * sigma
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(30, 95))])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def to_input(rgb_crop):
    """The worker's reduction: area scaling to the input size, Rec. 601 luma (r*77 + g*150 + b*29) >> 8."""
    small = cv2.resize(rgb_crop, (INPUT_W, INPUT_H), interpolation=cv2.INTER_AREA).astype(np.uint16)
    return ((small[..., 0] * 77 + small[..., 1] * 150 + small[..., 2] * 29) >> 8).astype(np.uint8)


def sample(rng, char_fonts_old, char_fonts_merc, small_fonts):
    """One training example: (input uint8 H x W, text or '' for no readable plate, kind 0 none / 1 old / 2 Mercosul)."""
    kind = 1 if rng.random() < 0.5 else 2
    mercosul = kind == 2
    moto = rng.random() < 0.1
    negative = rng.random() < 0.06
    text = random_plate_text(rng, mercosul)
    flat, outline, _ = render_plate(rng, text, mercosul, moto, char_fonts_merc if mercosul else char_fonts_old, small_fonts)
    ph, pw = flat.shape[:2]
    target_w = math.exp(rng.uniform(math.log(70 if moto else 110), math.log(260 if moto else 480)))
    quad = _homography(rng, pw, ph, target_w, (0, 0))
    bw, bh = quad[:, 0].max() - quad[:, 0].min(), quad[:, 1].max() - quad[:, 1].min()
    # The guide crop around the plate (3:1 frame; an attendant fills it roughly, the plate always wholly inside).
    if moto:
        crop_h = bh * rng.uniform(1.06, 1.5)
        crop_w = max(crop_h * rng.uniform(2.6, 3.2), bw * 1.1)
    else:
        crop_w = bw * rng.uniform(1.06, 1.7)
        crop_h = max(bh * rng.uniform(1.1, 1.7), crop_w / rng.uniform(2.5, 3.2))
    margin = 0.25
    H, W = int(crop_h * (1 + 2 * margin)), int(crop_w * (1 + 2 * margin))
    scene = _background(rng, H, W)
    free_x, free_y = crop_w - bw, crop_h - bh
    center = (W / 2 + rng.uniform(-0.5, 0.5) * free_x * 0.9, H / 2 + rng.uniform(-0.5, 0.5) * free_y * 0.9)
    if negative and rng.random() < 0.5:  # the plate only partly in the guide (20-60% of it): no reading may come of it
        center = (W / 2 + rng.choice([-1, 1]) * (crop_w / 2 + bw * rng.uniform(-0.1, 0.3)), center[1])
    quad = quad + np.float32(center)
    src = np.float32([(0, 0), (pw, 0), (pw, ph), (0, ph)])
    M = cv2.getPerspectiveTransform(src, quad)
    # Shrink the flat plate first so the warp samples it without aliasing.
    scale = min(1.0, 1.6 * target_w / pw)
    if scale < 1:
        small = cv2.resize(flat, (int(pw * scale), int(ph * scale)), interpolation=cv2.INTER_AREA)
        mask = cv2.resize(outline, (int(pw * scale), int(ph * scale)), interpolation=cv2.INTER_AREA)
        M = M @ np.diag([1 / scale, 1 / scale, 1]).astype(np.float64)
    else:
        small, mask = flat, outline
    if rng.random() < 0.5:  # dark recess or plate holder around the plate
        grow = rng.uniform(1.04, 1.25)
        qc = quad.mean(0)
        holder = (quad - qc) * np.float32([grow, grow * rng.uniform(1.0, 1.3)]) + qc
        cv2.fillPoly(scene, [np.int32(holder)], tuple(float(c) for c in rng.uniform(0, 70, 3)), cv2.LINE_AA)
    warped = cv2.warpPerspective(small, M, (W, H), flags=cv2.INTER_LINEAR)
    wmask = cv2.warpPerspective(mask, M, (W, H), flags=cv2.INTER_LINEAR)[..., None]
    if not (negative and rng.random() < 0.4):  # some negatives show no plate at all
        scene = scene * (1 - wmask) + warped * wmask
    bx, by = quad[:, 0].min(), quad[:, 1].min()
    bw, bh = quad[:, 0].max() - bx, quad[:, 1].max() - by
    if rng.random() < 0.2:
        _distractor_text(rng, scene, small_fonts, (bx, by, bw, bh))
    _light(rng, scene, (bx, by, bw, bh))
    img = _camera(rng, scene, INPUT_W / crop_w)
    x0, y0 = int(W / 2 - crop_w / 2), int(H / 2 - crop_h / 2)
    crop = img[y0:y0 + int(crop_h), x0:x0 + int(crop_w)]
    # A motorcycle's two lines do not read as one line of characters: the reader must say 'no plate' rather than guess.
    unreadable = negative or moto
    return to_input(crop), ("" if unreadable else text), (0 if unreadable else kind)

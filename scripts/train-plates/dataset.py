"""Builds a rendered training or validation set in parallel, reproducibly: sample i of a set is drawn from its own generator
seeded by (seed, i), so the set is the same on any machine and with any number of processes. Stored as .npy under .tmp/."""
import hashlib
import json
import multiprocessing as mp
import os

import numpy as np

from fonts import GL_FONTS, plate_fonts, small_text_fonts
from model import ALPHABET
from scene import INPUT_H, INPUT_W, sample
from strokefont import TRAIN_VARIANTS, VAL_VARIANTS

# Families never used to train: the validation set is drawn in them, so its figure is on faces the net has not seen.
HELD_OUT = ("oswald", "titillium-web", "cuprum")
# Variants of the stroke font after the old plates' typeface (strokefont.py): training draws 55% of the old plates and 10% of
# the Mercosul plates in its training variants; the validation set draws half of its old plates in variants never trained on.
STROKE_VARIANTS = [f"stroke:{i}" for i in TRAIN_VARIANTS]
VAL_STROKE_VARIANTS = [f"stroke:{i}" for i in VAL_VARIANTS]

_fonts = None


def _init(split):
    global _fonts
    # One process per core already: OpenCV's own threads would only fight over the same cores (~1.4x slower rendering).
    import cv2
    cv2.setNumThreads(1)
    fams = plate_fonts()
    names = [n for n in fams if (n in HELD_OUT) == (split == "val")]
    general = [f for n in names for f in fams[n]]
    small = small_text_fonts()
    if split == "val":
        _fonts = (general * len(VAL_STROKE_VARIANTS) + VAL_STROKE_VARIANTS * len(general), general, small)
        return
    # Old plates: the stroke font 55 times in 100 (every old plate on the road is drawn in that typeface; the other faces keep the
    # net from learning one font's accidents). Mercosul plates: the FE-Schrift look-alikes 6 in 10, the stroke font 1 in 10.
    old = general * 9 * len(STROKE_VARIANTS) + STROKE_VARIANTS * (11 * len(general))
    merc = GL_FONTS * (3 * len(general)) + STROKE_VARIANTS * max(1, len(general) // len(STROKE_VARIANTS)) + general * 3
    _fonts = (old, merc, small)


def _one(args):
    seed, i = args
    rng = np.random.default_rng([seed, i])
    img, text, kind = sample(rng, *_fonts)
    label = np.array([ALPHABET.index(c) for c in text] if text else [-1] * 7, np.int8)
    return img, label, kind


def fingerprint(split, count, seed):
    """What a rendered set depends on: the renderer's sources, the split, its size and seed (a cached set is reused only if equal)."""
    h = hashlib.sha256(f"{split} {count} {seed}".encode())
    here = os.path.dirname(os.path.abspath(__file__))
    for name in sorted(os.listdir(here)):
        if name.endswith(".py") and name not in ("train.py", "export.py", "model.py"):
            h.update(open(os.path.join(here, name), "rb").read())
    return h.hexdigest()


def build(out_dir, split, count, seed, procs=None):
    """Writes <split>-x.npy (N x H x W uint8), <split>-y.npy (N x 7 int8, -1 = no plate), <split>-k.npy (N int8)."""
    os.makedirs(out_dir, exist_ok=True)
    paths = [os.path.join(out_dir, f"{split}-{s}.npy") for s in ("x", "y", "k")]
    stamp = os.path.join(out_dir, f"{split}.json")
    key = fingerprint(split, count, seed)
    if all(os.path.exists(p) for p in paths + [stamp]) and json.load(open(stamp)).get("fingerprint") == key:
        return [np.load(p, mmap_mode="r") for p in paths]
    x = np.lib.format.open_memmap(paths[0] + ".part", "w+", np.uint8, (count, INPUT_H, INPUT_W))
    y = np.empty((count, 7), np.int8)
    k = np.empty(count, np.int8)
    with mp.get_context("fork").Pool(procs or os.cpu_count(), initializer=_init, initargs=(split,)) as pool:
        for i, (img, label, kind) in enumerate(pool.imap(_one, ((seed, i) for i in range(count)), chunksize=64)):
            x[i], y[i], k[i] = img, label, kind
            if (i + 1) % 10000 == 0:
                print(f"  {split}: {i + 1}/{count} rendered", flush=True)
    x.flush()
    del x
    os.replace(paths[0] + ".part", paths[0])
    np.save(paths[1], y)
    np.save(paths[2], k)
    json.dump({"fingerprint": key}, open(stamp, "w"))
    return [np.load(p, mmap_mode="r") for p in paths]

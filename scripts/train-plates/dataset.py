"""Builds a rendered training or validation set in parallel, reproducibly: sample i of a set is drawn from its own generator
seeded by (seed, i), so the set is the same on any machine and with any number of processes. Stored as .npy under .tmp/."""
import multiprocessing as mp
import os

import numpy as np

from fonts import GL_FONTS, plate_fonts, small_text_fonts
from model import ALPHABET
from scene import INPUT_H, INPUT_W, sample

# Families never used to train: the validation set is drawn in them, so its figure is on faces the net has not seen.
HELD_OUT = ("oswald", "titillium-web", "cuprum")
# Variants of the stroke font after the old plates' typeface (strokefont.py): training draws 30% of the old plates and 10% of
# the Mercosul plates in them; the validation set never.
STROKE_VARIANTS = [f"stroke:{i}" for i in range(24)]

_fonts = None


def _init(split):
    global _fonts
    fams = plate_fonts()
    names = [n for n in fams if (n in HELD_OUT) == (split == "val")]
    general = [f for n in names for f in fams[n]]
    small = small_text_fonts()
    if split == "val":
        _fonts = (general, general, small)
        return
    # Old plates: the stroke font 3 times in 10. Mercosul plates: the FE-Schrift look-alikes 6 in 10, the stroke font 1 in 10.
    old = general * 7 + STROKE_VARIANTS * (3 * len(general) // len(STROKE_VARIANTS))
    merc = GL_FONTS * (3 * len(general)) + STROKE_VARIANTS * (len(general) // len(STROKE_VARIANTS)) + general * 3
    _fonts = (old, merc, small)


def _one(args):
    seed, i = args
    rng = np.random.default_rng([seed, i])
    img, text, kind = sample(rng, *_fonts)
    label = np.array([ALPHABET.index(c) for c in text] if text else [-1] * 7, np.int8)
    return img, label, kind


def build(out_dir, split, count, seed, procs=None):
    """Writes <split>-x.npy (N x H x W uint8), <split>-y.npy (N x 7 int8, -1 = no plate), <split>-k.npy (N int8)."""
    os.makedirs(out_dir, exist_ok=True)
    paths = [os.path.join(out_dir, f"{split}-{s}.npy") for s in ("x", "y", "k")]
    if all(os.path.exists(p) for p in paths) and np.load(paths[2], mmap_mode="r").shape[0] == count:
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
    return [np.load(p, mmap_mode="r") for p in paths]

"""Trains the plate recognizer on rendered plates and writes workers/ocr/plate-net.bin (run by `npm run train:plates`).

Seeded end to end: the rendered sets (dataset.py), the weight init, the batch order and the augmentation. Prints per epoch the
loss and the validation figures on plates drawn in fonts it never trained on; the final figures go into the model's meta.
Real photos never enter: --measure DIR only reads a labelled folder (e.g. the dev set) to print how the net does there."""
import argparse
import json
import math
import os
import time

import cv2
import numpy as np
import torch
import torch.nn.functional as F

from dataset import HELD_OUT, build
from export import check_inputs, check_loaded, export, load_bin, write_check
from model import ALPHABET, BLANK, PlateNet
from scene import to_input

def _allowed(pos, ch, fmt):
    """The plate grammar: letters, letters, letters, digit, (digit: old | any letter: Mercosul), digit, digit."""
    if pos < 3:
        return ch.isalpha()
    if pos == 4:
        return ch.isdigit() if fmt == 1 else ch.isalpha()
    return ch.isdigit()


def beam_plates(cols, fmt, width=8, floor=1e-3):
    """CTC prefix beam search restricted to the format's grammar: {plate: probability} of the 7-character plates it kept.
    cols: T x 37 probabilities (blank last). The worker runs the same search (workers/ocr/net-candidates.ts)."""
    beams = {"": (1.0, 0.0)}
    for y in cols:
        chars = [c for c in np.nonzero(y[:BLANK] > floor)[0]]
        nxt = {}

        def add(prefix, pb, pnb):
            b = nxt.get(prefix, (0.0, 0.0))
            nxt[prefix] = (b[0] + pb, b[1] + pnb)

        for prefix, (pb, pnb) in beams.items():
            add(prefix, (pb + pnb) * y[BLANK], 0.0)
            last = prefix[-1] if prefix else None
            for c in chars:
                ch = ALPHABET[c]
                if ch == last:
                    add(prefix, 0.0, pnb * y[c])
                    if len(prefix) < 7 and _allowed(len(prefix), ch, fmt):
                        add(prefix + ch, 0.0, pb * y[c])
                elif len(prefix) < 7 and _allowed(len(prefix), ch, fmt):
                    add(prefix + ch, 0.0, (pb + pnb) * y[c])
        beams = dict(sorted(nxt.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))[:width])
    return {p: pb + pnb for p, (pb, pnb) in beams.items() if len(p) == 7}


def decode(cols_logp, kind_logits, min_mass=0.01):
    """Best plate per image as the worker decides it (workers/ocr/net-candidates.ts): a plate's probability is P(a plate is
    there) x its share, weighed by the kind head's format, among the valid readings of both formats.
    -> [(plate, probability, no-plate probability)]"""
    out = []
    cols = cols_logp.exp().numpy()
    kp = torch.softmax(kind_logits, -1).numpy()
    for y, k in zip(cols, kp):
        weighed, total = {}, 0.0
        q_old = k[1] / max(k[1] + k[2], 1e-9)
        for fmt, q in ((1, q_old), (2, 1 - q_old)):
            for p, prob in beam_plates(y, fmt).items():
                total += q * prob
                if prob >= min_mass:
                    weighed[p] = q * prob
        plates = {p: (1 - k[0]) * w / total for p, w in weighed.items()}
        best = max(plates.items(), key=lambda kv: kv[1]) if plates else ("", 0.0)
        out.append((best[0], best[1], k[0]))
    return out


def augment(x, gen):
    """Cheap per-batch photometric jitter on top of the rendered damage: gain, offset, gamma, noise, a few px of shift."""
    n = x.shape[0]
    g = torch.empty(n, 1, 1, 1).uniform_(0.7, 1.3, generator=gen)
    o = torch.empty(n, 1, 1, 1).uniform_(-0.15, 0.15, generator=gen)
    gamma = torch.empty(n, 1, 1, 1).uniform_(0.75, 1.35, generator=gen)
    x = (x.clamp(1e-4, 1) ** gamma) * g + o
    x = x + torch.randn(x.shape, generator=gen) * torch.empty(n, 1, 1, 1).uniform_(0, 0.04, generator=gen)
    dx, dy = int(torch.randint(-4, 5, (1,), generator=gen)), int(torch.randint(-2, 3, (1,), generator=gen))
    x = torch.roll(x, (dy, dx), (2, 3))
    return x.clamp(0, 1)


def evaluate(model, x, y, k, batch=512):
    model.eval()
    plates = []
    with torch.no_grad():
        for i in range(0, len(x), batch):
            xb = torch.from_numpy(np.asarray(x[i:i + batch], np.float32) / 255.0).unsqueeze(1)
            cols, kl = model(xb)
            plates += decode(cols, kl)
    y, k = np.asarray(y), np.asarray(k)
    pos = k > 0
    truth = ["".join(ALPHABET[c] for c in row) if kind else "" for row, kind in zip(y, k)]
    exact = np.mean([p[0] == t for p, t, ok in zip(plates, truth, pos) if ok])
    chars = np.mean([sum(a == b for a, b in zip(p[0], t)) / 7 for p, t, ok in zip(plates, truth, pos) if ok])
    rejected = np.mean([p[2] > 0.5 or p[1] < 0.5 for p, ok in zip(plates, pos) if not ok]) if (~pos).any() else float("nan")
    # Confident and wrong: what the lock must never accept.
    conf_wrong = np.mean([p[1] > 0.9 and p[0] != t for p, t, ok in zip(plates, truth, pos) if ok])
    return {"exact": exact, "per_char": chars, "negatives_rejected": rejected, "confident_wrong": conf_wrong}


def measure_dir(model, folder):
    """Reads a labelled photo folder (labels.tsv: file, plate, x y w h) with the bench's centred aim; measurement only."""
    rows = [l.split("\t") for l in open(os.path.join(folder, "labels.tsv")).read().splitlines() if l.strip() and not l.startswith("#")]
    xs, truth = [], []
    for f, plate, box in rows:
        img = cv2.imread(os.path.join(folder, f))[..., ::-1]
        bx, by, bw, bh = map(float, box.split())
        w = bw * 1.3
        h = max(bh * 1.5, w / 2.6)
        x0, y0 = max(0, round(bx + bw / 2 - w / 2)), max(0, round(by + bh / 2 - h / 2))
        crop = img[y0:y0 + round(h), x0:x0 + round(w)]
        xs.append(to_input(np.ascontiguousarray(crop)))
        truth.append(plate)
    model.eval()
    with torch.no_grad():
        cols, kl = model(torch.from_numpy(np.stack(xs).astype(np.float32) / 255.0).unsqueeze(1))
    plates = decode(cols, kl)
    exact = np.mean([p[0] == t for p, t in zip(plates, truth)])
    wrong = [(t, p[0], round(float(p[1]), 3)) for p, t in zip(plates, truth) if p[0] != t]
    return exact, wrong


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", type=int, default=64_000)
    ap.add_argument("--val", type=int, default=2_000)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "..", "..", ".tmp", "plates-train"))
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "..", "workers", "ocr", "plate-net.bin"))
    ap.add_argument("--check", default=os.path.join(os.path.dirname(__file__), "..", "..", "tests", "fixtures", "plate-net-check.json"),
                    help="expected outputs of the exported file on two fixed images (the worker's forward pass test)")
    ap.add_argument("--measure", default=None, help="labelled photo folder to measure on after each epoch (never trained on)")
    ap.add_argument("--resume", default=None, help="a state dict (plate-net.pt) to go on from: a second, lower-rate cycle")
    ap.add_argument("--from-bin", default=None,
                    help="an exported plate-net.bin to go on from (the shipped weights): read back by export.load_bin, its batch "
                         "norms calibrated on the training set, checked against the file's own forward pass")
    ap.add_argument("--stop-after", type=int, default=None,
                    help="leave the --epochs schedule after this many epochs (the rate still high): a first cycle to go on from")
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    t0 = time.time()
    print(f"rendering {a.train} training and {a.val} validation plates (cached in {os.path.relpath(a.data)})", flush=True)
    xt, yt, kt = build(a.data, "train", a.train, a.seed)
    xv, yv, kv = build(a.data, "val", a.val, a.seed + 1)
    print(f"rendered in {time.time() - t0:.0f} s", flush=True)
    # channels_last: the depthwise and pointwise convolutions train ~1.6x faster on the CPU in that layout (oneDNN).
    model = PlateNet()
    if a.resume:
        model.load_state_dict(torch.load(a.resume))
        print(f"going on from {os.path.relpath(a.resume)}", flush=True)
    elif a.from_bin:
        calib = torch.from_numpy(np.asarray(xt[:4096], np.float32) / 255.0).unsqueeze(1)
        model = load_bin(a.from_bin, calibrate=calib)
        # The loaded net must compute what the file computes (and so what the worker computes: plate-net.ts reproduces the
        # file's forward pass to 1e-4, tests/unit/ocr-net.test.ts): the fixed check images and some training plates.
        diff = check_loaded(model, a.from_bin, check_inputs() + [np.asarray(xt[i]) for i in range(0, 64, 4)])
        m = evaluate(model, xv, yv, kv)
        print(f"going on from {os.path.relpath(a.from_bin)} (its forward pass within {diff:.1e} of the file's; unseen fonts: "
              f"exact {m['exact']:.2%}, per char {m['per_char']:.2%}, confident wrong {m['confident_wrong']:.2%})", flush=True)
        if a.measure:
            ex, wrong = measure_dir(model, a.measure)
            print(f"  {os.path.basename(os.path.normpath(a.measure))} before the cycle: exact {ex:.2%}", flush=True)
    model = model.to(memory_format=torch.channels_last)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    steps = a.epochs * math.ceil(a.train / a.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=steps, pct_start=0.15)
    gen = torch.Generator().manual_seed(a.seed)
    ctc = torch.nn.CTCLoss(blank=BLANK, reduction="mean", zero_infinity=True)
    yt_all, kt_all = torch.from_numpy(np.asarray(yt, np.int64)), torch.from_numpy(np.asarray(kt, np.int64))
    history = []
    for epoch in range(min(a.epochs, a.stop_after or a.epochs)):
        model.train()
        order = torch.randperm(a.train, generator=gen)
        total, n, te = 0.0, 0, time.time()
        for b in range(0, a.train, a.batch):
            idx = order[b:b + a.batch].sort().values
            xb = torch.from_numpy(xt[idx.numpy()].astype(np.float32) / 255.0).unsqueeze(1)
            xb = augment(xb, gen).contiguous(memory_format=torch.channels_last)
            yb, kb = yt_all[idx], kt_all[idx]
            cols, kinds = model(xb)
            pos = kb > 0
            # CTC over the 48 columns; a frame with no readable plate must read as blanks (empty target).
            lengths = torch.where(pos, 7, 0)
            targets = yb[pos].reshape(-1)
            loss = ctc(cols.transpose(0, 1), targets, torch.full((len(idx),), cols.shape[1], dtype=torch.long), lengths)
            loss = loss + 0.5 * F.cross_entropy(kinds, kb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss) * len(idx)
            n += len(idx)
        m = evaluate(model, xv, yv, kv)
        line = f"epoch {epoch + 1}/{a.epochs}: loss {total / n:.4f}, unseen fonts: exact {m['exact']:.2%}, per char {m['per_char']:.2%}, " \
               f"no-plate rejected {m['negatives_rejected']:.2%}, confident wrong {m['confident_wrong']:.2%} ({time.time() - te:.0f} s)"
        if a.measure:
            ex, wrong = measure_dir(model, a.measure)
            line += f" | {os.path.basename(os.path.normpath(a.measure))}: exact {ex:.2%}"
        print(line, flush=True)
        torch.save(model.state_dict(), os.path.join(a.data, "plate-net-last.pt"))
        history.append({"epoch": epoch + 1, "loss": total / n, **m})
    meta = {"seed": a.seed, "train": a.train, "val": a.val, "epochs": a.epochs, "stoppedAfter": len(history), "lr": a.lr,
            "resumed": bool(a.resume or a.from_bin), "heldOutFonts": list(HELD_OUT),
            "validation": {k: round(float(v), 4) for k, v in history[-1].items() if k != "epoch"}, "seconds": round(time.time() - t0)}
    model = model.to(memory_format=torch.contiguous_format)
    export(model, a.out, meta)
    write_check(a.out, a.check)
    torch.save(model.state_dict(), os.path.join(a.data, "plate-net-2.pt" if a.resume or a.from_bin else "plate-net.pt"))
    if a.measure:
        ex, wrong = measure_dir(model, a.measure)
        print(f"measured on {a.measure}: exact {ex:.2%}; misread: {wrong}")
    print(f"written {os.path.relpath(a.out)} ({os.path.getsize(a.out) / 1024:.0f} KiB); {json.dumps(meta)}")


if __name__ == "__main__":
    main()

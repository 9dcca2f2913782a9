// `npm run train:plates`: trains the plate recognizer and writes workers/ocr/plate-net.bin and its check outputs (Node runner).
// PyTorch, NumPy, Pillow and OpenCV come from Debian's packages (installed here with apt-get when run as root), the fonts from
// npm (@fontsource dev dependencies) and scripts/train-plates/fonts; nothing is downloaded from a model hub. Seeded: the same
// command gives the same rendered sets and training. PLATES_TRAIN_SEED, PLATES_MEASURE_DIR (a labelled photo folder measured
// after each epoch, never trained on). About 2 h 15 min on 2 cores (rendering 128,000 + 64,000 plates ~55 min, 3 epochs of
// ~12 min, 6 of ~6-10 min).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
// Debian's interpreter: the apt packages live there, not in a pyenv or venv python found first on PATH.
const python = fs.existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
const APT = ["python3-torch", "python3-numpy", "python3-pil", "python3-opencv", "libopenblas0-pthread"];

const ready = () => spawnSync(python, ["-c", "import torch, numpy, PIL, cv2"], { stdio: "ignore" }).status === 0;
if (!ready()) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    console.error(`PyTorch, NumPy, Pillow and OpenCV are missing for ${python}. Install the Debian packages: sudo apt-get install -y ${APT.join(" ")}`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  // libopenblas replaces the reference BLAS that python3-torch would otherwise use (its dense layers run ~5x faster).
  execFileSync("apt-get", ["install", "-y", "-qq", ...APT], { stdio: "inherit", env });
}

const seed = Number(process.env.PLATES_TRAIN_SEED ?? 2026);
// Each cycle renders into its own folder, so a second run of the recipe finds both sets cached (the cache is keyed by the
// renderer's sources, count and seed; one shared folder made each cycle re-render the other's 1.6 GB set).
const data = path.join(root, ".tmp", "plates-train");
const data2 = path.join(root, ".tmp", "plates-train-2");
const measure = process.env.PLATES_MEASURE_DIR ? ["--measure", path.resolve(process.env.PLATES_MEASURE_DIR)] : [];
const cwd = path.join(root, "scripts", "train-plates");
const train = (dir: string, args: string[]) => {
  const run = spawnSync(python, [path.join(import.meta.dirname, "train.py"), "--val", "3000", "--data", dir, ...measure, ...args], { stdio: "inherit", cwd });
  if (run.status !== 0) process.exit(run.status ?? 1);
};
// Two cycles. The first: 128,000 plates, the first 3 epochs of a 12-epoch one-cycle schedule up to 3e-3 (it breaks the CTC
// plateau of epoch 1 and learns the characters; its later, high-rate epochs swung the real photos between 56% and 82%). The
// second goes on from it: 64,000 other plates (seed + 1), 6 epochs, one cycle up to 1e-3, annealed to the end.
// The committed weights were made this way with one difference: their first cycle ran on an earlier state of the renderer
// (the stroke font's round joins before its mitred corners and flat ends, letters drawn uniformly, blur drawn in scene
// pixels), so this command gives a net of the same recipe, not the same bytes.
train(data, ["--train", "128000", "--epochs", "12", "--stop-after", "3", "--lr", "3e-3", "--seed", String(seed),
  "--out", path.join(data, "plate-net-first.bin"), "--check", path.join(data, "plate-net-first-check.json")]);
train(data2, ["--train", "64000", "--epochs", "6", "--lr", "1e-3", "--seed", String(seed + 1), "--resume", path.join(data, "plate-net.pt")]);

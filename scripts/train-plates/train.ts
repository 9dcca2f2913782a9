// `npm run train:plates`: trains the plate recognizer and writes workers/ocr/plate-net.bin and its check outputs (Node runner).
// PyTorch, NumPy, Pillow and OpenCV come from Debian's packages (installed here with apt-get when run as root), the fonts from
// npm (@fontsource dev dependencies) and scripts/train-plates/fonts; nothing is downloaded from a model hub. Seeded: the same
// command gives the same rendered sets and training. PLATES_TRAIN_COUNT (rendered plates, default 64000), PLATES_TRAIN_EPOCHS
// (default 14), PLATES_TRAIN_SEED, PLATES_MEASURE_DIR (a labelled photo folder measured after each epoch, never trained on).
// About 90 minutes on 2 cores (rendering ~16 min, then ~5 min per epoch).
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
const common = [
  "--train", process.env.PLATES_TRAIN_COUNT ?? "64000",
  ...(process.env.PLATES_MEASURE_DIR ? ["--measure", path.resolve(process.env.PLATES_MEASURE_DIR)] : []),
];
const cwd = path.join(root, "scripts", "train-plates");
const train = (args: string[]) => {
  const run = spawnSync(python, [path.join(import.meta.dirname, "train.py"), ...common, ...args], { stdio: "inherit", cwd });
  if (run.status !== 0) process.exit(run.status ?? 1);
};
// One cycle from scratch (one-cycle rate schedule up to 3e-3). The earlier, narrower net was trained in two cycles (10 + 6
// epochs); it underfitted (84% exact on its own training plates, clear ones among the misses), so the net was widened and
// trained once for longer instead.
train(["--epochs", process.env.PLATES_TRAIN_EPOCHS ?? "14", "--lr", "3e-3", "--seed", String(seed)]);

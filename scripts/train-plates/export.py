"""Writes the trained net for the OCR worker (workers/ocr/plate-net.ts): batch norm folded into the convolutions, weights int8
with one scale per output channel, biases float32. File layout (little-endian): 'PNET', u32 header length, the JSON header
(feature layers in order and the two heads, each with its shape and the byte offsets of its weights, scales and biases), then
the data. Also reads such a file back into the PyTorch model (load_bin): a cycle can go on from shipped weights."""
import json
import struct

import numpy as np
import torch
import torch.nn as nn

from model import ALPHABET, BLANK, KINDS


def _fold(conv, bn):
    w = conv.weight.detach().double()
    gamma, beta = bn.weight.detach().double(), bn.bias.detach().double()
    mean, var = bn.running_mean.double(), bn.running_var.double()
    k = gamma / torch.sqrt(var + bn.eps)
    return (w * k[:, None, None, None]).float().numpy(), (beta - mean * k).float().numpy()


def _quant(w):
    """Symmetric int8 per output channel (row)."""
    flat = w.reshape(w.shape[0], -1)
    scale = np.maximum(np.abs(flat).max(1), 1e-12) / 127.0
    q = np.clip(np.round(flat / scale[:, None]), -127, 127).astype(np.int8)
    return q, scale.astype(np.float32)


def _conv_spec(conv, w, b, relu):
    return {"type": "conv", "cin": conv.in_channels, "cout": conv.out_channels, "kh": conv.kernel_size[0], "kw": conv.kernel_size[1],
            "sh": conv.stride[0], "sw": conv.stride[1], "ph": conv.padding[0], "pw": conv.padding[1], "groups": conv.groups,
            "relu": relu, "w": w, "b": b}


def layers_of(model):
    """The feature layers in order (convolutions with batch norm folded and ReLU, max pools), then the two heads."""
    out = []
    for m in model.features.modules():
        if isinstance(m, nn.Sequential) and len(m) == 3 and isinstance(m[0], nn.Conv2d):
            w, b = _fold(m[0], m[1])
            out.append(_conv_spec(m[0], w, b, True))
        elif isinstance(m, nn.MaxPool2d):
            k = m.kernel_size if isinstance(m.kernel_size, tuple) else (m.kernel_size, m.kernel_size)
            out.append({"type": "maxpool", "kh": k[0], "kw": k[1]})
    c = model.classifier
    columns = _conv_spec(c, c.weight.detach().numpy(), c.bias.detach().numpy(), False)
    kind = {"type": "dense", "cin": model.kind.in_features, "cout": model.kind.out_features, "relu": False,
            "w": model.kind.weight.detach().numpy(), "b": model.kind.bias.detach().numpy()}
    return out, columns, kind


def export(model, path, meta):
    model.eval()
    blobs, header = [], {"input": [1, 64, 192], "alphabet": ALPHABET, "blank": BLANK, "kinds": KINDS, "layers": [], "meta": meta}
    offset = 0

    def put(arr):
        nonlocal offset
        data = arr.tobytes()
        pad = (-offset) % 4
        blobs.append(b"\0" * pad + data)
        offset += pad
        at = offset
        offset += len(data)
        return at

    def spec_of(layer):
        spec = {k: v for k, v in layer.items() if k not in ("w", "b")}
        if "w" in layer:
            q, scale = _quant(layer["w"])
            spec["w"] = put(q)
            spec["scale"] = put(scale)
            spec["b"] = put(layer["b"].astype(np.float32))
        return spec

    layers, columns, kind = layers_of(model)
    header["layers"] = [spec_of(l) for l in layers]
    header["columns"] = spec_of(columns)
    header["kind"] = spec_of(kind)
    head = json.dumps(header, separators=(",", ":")).encode()
    head += b" " * ((-len(head)) % 4)
    with open(path, "wb") as f:
        f.write(b"PNET" + struct.pack("<I", len(head)) + head + b"".join(blobs))
    return header


def check_inputs():
    """Two deterministic 64 x 192 images (a ramp with bars, a checker with a box) the worker test runs through plate-net.ts."""
    yy, xx = np.mgrid[0:64, 0:192]
    a = ((xx * 7 + yy * 13) % 256).astype(np.uint8)
    a[20:44, 30:160:12] = 20
    b = np.where(((xx // 8) + (yy // 8)) % 2 == 0, 200, 60).astype(np.uint8)
    b[10:54, 50:140] = 230
    return [a, b]


def read_bin(path):
    """The exported file's header and a function giving a layer's dequantized weights and biases as tensors (as parsePlateNet)."""
    raw = open(path, "rb").read()
    if raw[:4] != b"PNET":
        raise ValueError(f"{path}: not a plate-net file")
    head_len = struct.unpack("<I", raw[4:8])[0]
    header = json.loads(raw[8:8 + head_len])
    base = 8 + head_len

    def weights(spec):
        cout = spec["cout"]
        scale = np.frombuffer(raw, np.float32, cout, base + spec["scale"])
        bias = torch.tensor(np.frombuffer(raw, np.float32, cout, base + spec["b"]).copy())
        if spec["type"] == "conv":
            shape = (cout, spec["cin"] // spec["groups"], spec["kh"], spec["kw"])
        else:
            shape = (cout, spec["cin"])
        q = np.frombuffer(raw, np.int8, int(np.prod(shape)), base + spec["w"]).reshape(cout, -1)
        return torch.tensor((q * scale[:, None]).reshape(shape).astype(np.float32)), bias

    return header, weights


def load_bin(path, calibrate=None):
    """The model of model.py with the weights of an exported file: each convolution gets its folded, dequantized weights and
    its batch norm the folded bias, so in eval mode the model computes what the file computes (plate-net.ts included; checked
    by check_loaded). Folding lost the batch norms' statistics; `calibrate` (N x 1 x 64 x 192 images in 0-1, the set a cycle
    trains on) gives them back: each batch norm's running mean and variance become its input's mean and variance over those
    images, its scale sqrt(variance + eps) and its shift the folded bias plus the mean. Eval mode is unchanged by that, and
    training mode, which normalises by the batch's own statistics, then starts from the same function instead of one whose
    every channel was rescaled to unit variance (without it the first steps of a cycle would undo the trained net)."""
    from model import PlateNet
    header, weights = read_bin(path)
    model = PlateNet()
    convs = [m for m in model.features.modules() if isinstance(m, nn.Sequential) and len(m) == 3 and isinstance(m[0], nn.Conv2d)]
    specs = [l for l in header["layers"] if l["type"] == "conv"]
    if len(convs) != len(specs) or header["alphabet"] != ALPHABET or header["blank"] != BLANK or header["kinds"] != KINDS:
        raise ValueError(f"{path}: its layers do not match model.py")
    with torch.no_grad():
        for seq, spec in zip(convs, specs):
            conv, bn = seq[0], seq[1]
            w, b = weights(spec)
            if tuple(w.shape) != tuple(conv.weight.shape):
                raise ValueError(f"{path}: layer shape {tuple(w.shape)} where model.py has {tuple(conv.weight.shape)}")
            conv.weight.copy_(w)
            bn.weight.fill_(1.0)
            bn.bias.copy_(b)
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)  # sqrt(var + eps) = 1: the folded weights pass through as they are
        w, b = weights(header["columns"])
        model.classifier.weight.copy_(w)
        model.classifier.bias.copy_(b)
        w, b = weights(header["kind"])
        model.kind.weight.copy_(w)
        model.kind.bias.copy_(b)
    model.eval()
    if calibrate is not None:
        bns = [seq[1] for seq in convs]
        sums = [[0, 0.0, 0.0] for _ in bns]  # per batch norm: values seen per channel, their sum, their sum of squares

        def seen(i):
            def hook(_m, inp, _out):
                x = inp[0].detach().transpose(0, 1).reshape(bns[i].num_features, -1).double()
                sums[i][0] += x.shape[1]
                sums[i][1] = sums[i][1] + x.sum(1)
                sums[i][2] = sums[i][2] + (x * x).sum(1)
            return hook

        hooks = [bn.register_forward_hook(seen(i)) for i, bn in enumerate(bns)]
        with torch.no_grad():
            for i in range(0, len(calibrate), 256):
                model(calibrate[i:i + 256])
        for h in hooks:
            h.remove()
        with torch.no_grad():
            for (n, s1, s2), bn in zip(sums, bns):
                mean = s1 / n
                var = (s2 / n - mean * mean).clamp(min=0)
                bn.running_mean.copy_(mean.float())
                bn.running_var.copy_(var.float())
                bn.weight.copy_(torch.sqrt(var + bn.eps).float())
                bn.bias.add_(mean.float())
    return model


def check_loaded(model, path, images, tol=1e-4):
    """The loaded model (eval mode) against the file's own forward pass (quantized_forward, what plate-net.ts reproduces to
    1e-4 in tests/unit/ocr-net.test.ts) on `images` (64 x 192 uint8): the largest difference of a probability, or an error."""
    model.eval()
    with torch.no_grad():
        x = torch.tensor(np.stack(images), dtype=torch.float32).unsqueeze(1) / 255.0
        cols, kinds = model(x)
    want_cols, want_kinds = quantized_forward(path, images)
    diff = max(float(np.abs(cols.exp().numpy() - want_cols).max()), float(np.abs(torch.softmax(kinds, -1).numpy() - want_kinds).max()))
    if diff > tol:
        raise SystemExit(f"the model loaded from {path} differs from the file's forward pass by {diff:.2e} (> {tol})")
    return diff


def quantized_forward(path, images):
    """The exported file run with torch ops (dequantized weights): what plate-net.ts must reproduce."""
    import torch.nn.functional as F
    header, weights = read_bin(path)

    def conv(x, spec):
        w, b = weights(spec)
        x = F.conv2d(x, w, b, stride=(spec["sh"], spec["sw"]), padding=(spec["ph"], spec["pw"]), groups=spec["groups"])
        return F.relu(x) if spec["relu"] else x

    x = torch.tensor(np.stack(images), dtype=torch.float32).unsqueeze(1) / 255.0
    x = (x - x.mean(dim=(2, 3), keepdim=True)) / (x.std(dim=(2, 3), keepdim=True) + 0.02)
    for spec in header["layers"]:
        x = F.max_pool2d(x, (spec["kh"], spec["kw"])) if spec["type"] == "maxpool" else conv(x, spec)
    cols = conv(x, header["columns"]).squeeze(2).transpose(1, 2).softmax(-1)
    w, b = weights(header["kind"])
    kinds = F.linear(x.mean(dim=(2, 3)), w, b).softmax(-1)
    return cols.numpy(), kinds.numpy()


def write_check(path, out):
    images = check_inputs()
    cols, kinds = quantized_forward(path, images)
    with open(out, "w") as f:
        json.dump({"columns": np.round(cols, 6).tolist(), "kinds": np.round(kinds, 6).tolist()}, f)

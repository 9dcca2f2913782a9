"""Writes the trained net for the OCR worker (workers/ocr/plate-net.ts): batch norm folded into the convolutions, weights int8
with one scale per output channel, biases float32. File layout (little-endian): 'PNET', u32 header length, the JSON header
(feature layers in order and the two heads, each with its shape and the byte offsets of its weights, scales and biases), then
the data."""
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


def quantized_forward(path, images):
    """The exported file run with torch ops (dequantized weights): what plate-net.ts must reproduce."""
    import torch.nn.functional as F
    raw = open(path, "rb").read()
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

"""The plate recognizer: a small convolutional CTC reader over the guide crop (64 x 192 gray). The image is reduced to 48
columns of features (each column sees the crop's whole height), which a classifier turns into per-column probabilities over the
36 plate characters and a blank; the plate string is the best path through them under the plate's grammar (decoded in the
worker). A second head, on the columns' mean, tells no plate / old / Mercosul from the plate's look (band, separator, font).
Depthwise-separable blocks keep it near 26 M multiply-adds, so the worker runs it in plain JavaScript (workers/ocr/plate-net.ts).

Chosen over a head with 7 fixed character slots: the slots model learned where the characters are only slowly from rendered
plates (13% per character after two epochs here), while per-column reading is the same task at every position of the crop."""
import torch
import torch.nn as nn

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
BLANK = len(ALPHABET)
KINDS = 3  # 0 no plate (or a plate that cannot be read as one line: motorcycles), 1 old (LLLNNNN), 2 Mercosul (LLLNLNN, 5th any letter)


def conv_bn(cin, cout, k=3, groups=1, stride=1, padding=None):
    k = (k, k) if isinstance(k, int) else k
    padding = (k[0] // 2, k[1] // 2) if padding is None else padding
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride=stride, padding=padding, groups=groups, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


def dwsep(cin, cout):
    return nn.Sequential(conv_bn(cin, cin, 3, groups=cin), conv_bn(cin, cout, 1))


class PlateNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(1, 24, stride=2),                                       # 32 x 96
            dwsep(24, 48), nn.MaxPool2d(2),                                 # 16 x 48
            dwsep(48, 96), dwsep(96, 96), nn.MaxPool2d((2, 1)),             # 8 x 48
            dwsep(96, 160), dwsep(160, 160), nn.MaxPool2d((2, 1)),          # 4 x 48
            conv_bn(160, 160, (4, 1), padding=(0, 0)),                      # 1 x 48: each column sees the whole height
            conv_bn(160, 160, (1, 3)),                                      # context of the neighbouring columns
        )
        self.classifier = nn.Conv2d(160, BLANK + 1, 1)
        self.kind = nn.Linear(160, KINDS)

    def forward(self, x):
        """x: N x 1 x 64 x 192 in 0-1. Returns (per-column log-probabilities N x 48 x 37, kind logits N x 3)."""
        x = x - x.mean(dim=(2, 3), keepdim=True)
        x = x / (x.std(dim=(2, 3), keepdim=True) + 0.02)
        f = self.features(x)
        cols = self.classifier(f).squeeze(2).transpose(1, 2).log_softmax(-1)
        return cols, self.kind(f.mean(dim=(2, 3)))

"""The two corner-index classifiers (torch; build time only).

Both take the (N, 3, IN_H, IN_W) blob of :func:`vision.corners.to_blob` and
return (N, 19) logits: 14 for the rank (RANKS, then none) and 5 for the suit
(SUITS, then none). They are built differently on purpose (their errors
should not coincide): ``IndexNetA`` is a VGG-like stack of 3x3 convolutions
with batch norm at full input resolution; ``IndexNetB`` first halves the
input, then uses 5x5 and strided convolutions without normalisation and a
hidden fully connected layer, and is trained on other fonts.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import nn

from vision.corners import IN_H, IN_W

N_OUT = 19


def _block(cin: int, cout: int) -> list[nn.Module]:
    return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()]


class IndexNetA(nn.Module):
    """3x3 conv stack, 12-24-40-40 channels, three 2x poolings, linear head (~40k params)."""

    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            *_block(3, 12),
            nn.MaxPool2d(2),
            *_block(12, 24),
            nn.MaxPool2d(2),
            *_block(24, 40),
            nn.MaxPool2d(2),
            *_block(40, 40),
        )
        self.head = nn.Sequential(
            nn.Flatten(), nn.Dropout(0.2), nn.Linear(40 * (IN_H // 8) * (IN_W // 8), N_OUT)
        )

    def forward(self, x: Any) -> Any:
        return self.head(self.features(x))


class IndexNetB(nn.Module):
    """Half-resolution input, 5x5 and strided convs (batch norm), hidden FC layer (~47k params)."""

    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            nn.AvgPool2d(2),
            nn.Conv2d(3, 16, 5, padding=2, bias=False),
            nn.BatchNorm2d(16),
            nn.ReLU(),
            nn.Conv2d(16, 32, 5, stride=2, padding=2, bias=False),
            nn.BatchNorm2d(32),
            nn.ReLU(),
            nn.Conv2d(32, 32, 3, stride=2, padding=1, bias=False),
            nn.BatchNorm2d(32),
            nn.ReLU(),
        )
        self.head = nn.Sequential(
            nn.Flatten(), nn.Linear(32 * (IN_H // 8) * (IN_W // 8), 40), nn.ReLU(), nn.Linear(40, N_OUT)
        )

    def forward(self, x: Any) -> Any:
        return self.head(self.features(x))


def n_params(model: nn.Module) -> int:
    """Number of trainable parameters."""
    return sum(p.numel() for p in model.parameters() if p.requires_grad)


def augment(rng: Any, x: Any) -> Any:
    """A freshly varied copy of uint8 crops ``x`` (N, IN_H, IN_W, 3), drawn from
    ``rng`` (numpy Generator): each crop shifted (up to 8% of its size), scaled
    (0.88-1.12) and turned (up to 4 degrees) about its middle as a slightly wrong
    outline would cut it, sometimes blurred or sharpened, its contrast bent
    (gamma 0.7-1.4) and noise added. The labels stay right: the index stays
    in the crop."""
    import cv2
    import numpy as np

    n = len(x)
    out = np.empty_like(x)
    shift = rng.uniform(-0.08, 0.08, (n, 2)) * np.array([IN_W, IN_H])
    scale = rng.uniform(0.88, 1.12, n)
    turn = rng.uniform(-4.0, 4.0, n)
    kind = rng.random(n)
    gamma = np.exp(rng.uniform(np.log(0.7), np.log(1.4), n))
    sigma = rng.uniform(0.0, 6.0, n)
    for i in range(n):
        m = cv2.getRotationMatrix2D((IN_W / 2, IN_H / 2), float(turn[i]), float(scale[i]))
        m[:, 2] += shift[i]
        c = cv2.warpAffine(x[i], m, (IN_W, IN_H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        f: Any = c.astype(np.float32)
        if kind[i] < 0.2:
            f = cv2.GaussianBlur(f, (0, 0), 0.7)
        elif kind[i] < 0.35:
            f = cv2.addWeighted(f, 1.6, cv2.GaussianBlur(f, (0, 0), 1.0), -0.6, 0)
        f = 255.0 * (np.clip(f, 0, 255) / 255.0) ** gamma[i]
        f += rng.normal(0.0, 1.0, f.shape).astype(np.float32) * np.float32(sigma[i])
        out[i] = np.clip(f, 0, 255).astype(np.uint8)
    return out


def train(
    model: nn.Module,
    x: Any,
    rank: Any,
    suit: Any,
    epochs: int,
    seed: int,
    batch: int = 128,
    lr: float = 3e-3,
    log: Any = print,
    vary: bool = True,
) -> list[float]:
    """Train ``model`` on uint8 crops ``x`` (N, IN_H, IN_W, 3) with labels ``rank``,
    ``suit`` (N,) int64; Adam, one-cycle schedule, one thread; with ``vary`` every
    batch is :func:`augment`-ed afresh (the crops are made once, the glyphs'
    placement and look should not be learnt by heart). Returns the mean loss
    per epoch. Deterministic for a given seed."""
    import numpy as np

    from vision.corners import to_blob

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    steps = epochs * ((len(x) + batch - 1) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.15)
    ce = nn.CrossEntropyLoss()
    losses = []
    for ep in range(epochs):
        model.train()
        order = rng.permutation(len(x))
        tot, n = 0.0, 0
        for i in range(0, len(x), batch):
            idx = np.sort(order[i : i + batch])
            xb = torch.from_numpy(to_blob(augment(rng, x[idx]) if vary else x[idx]))
            out = model(xb)
            loss = ce(out[:, :14], torch.from_numpy(rank[idx])) + ce(out[:, 14:], torch.from_numpy(suit[idx]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += float(loss.detach()) * len(idx)
            n += len(idx)
        losses.append(tot / n)
        log(f"  epoch {ep + 1}/{epochs}: loss {tot / n:.4f}")
    model.eval()
    return losses


def export(model: nn.Module, path: Any) -> None:
    """Write ``model`` (eval mode) as ONNX (opset 13, dynamic batch) to ``path``."""
    model.eval()
    dummy = torch.zeros(1, 3, IN_H, IN_W)
    torch.onnx.export(
        model,
        (dummy,),
        str(path),
        input_names=["crops"],
        output_names=["logits"],
        opset_version=13,
        dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}},
        dynamo=False,
    )

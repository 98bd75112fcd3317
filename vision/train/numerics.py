"""Torch set up to compute the same numbers on any x86-64 CPU (build time only), so
that ``python -m vision.train`` on a clean clone anywhere makes the shipped models
again, file for file, and the manifest's metrics with them (issue 10, point 4)."""

from __future__ import annotations

import os
import sys
from typing import Any

#: environment that makes torch compute the same numbers on any x86-64 CPU, set
#: before torch loads (:func:`same_numbers_on_any_cpu`)
CPU_INDEPENDENT_ENV = {"ATEN_CPU_CAPABILITY": "default", "MKL_CBWR": "COMPATIBLE"}


def same_numbers_on_any_cpu() -> Any:
    """Import torch set up so that training gives the same weights, bit for bit, on
    any x86-64 CPU (one thread, deterministic algorithms), and return the module.

    torch picks its kernels by the CPU it runs on: ATen's vectorised kernels
    (AVX2 or AVX-512), oneDNN's convolutions and NNPACK by the instruction sets
    present, MKL's matrix products by the processor; each sums in another order,
    so the weights (and the thresholds calibrated on them) differ from machine to
    machine. Measured on one AVX-512 machine with the smoke training:
    ``ATEN_CPU_CAPABILITY=avx2`` or ``ONEDNN_MAX_CPU_ISA=AVX2`` (what an AVX2-only
    CPU would use) each gave other weights than the default run; and the models
    shipped before these settings, retrained from the same seed on another
    machine, read 3 photos fewer of cards-table, with pair recall 60.8% instead of
    66.7%. Here ATen runs its plain kernels (``ATEN_CPU_CAPABILITY=default``), MKL
    its reproducible path (``MKL_CBWR=COMPATIBLE``) and oneDNN and NNPACK are off:
    with these, the AVX2 settings above give the same weights as the default run. The cost: a member
    trains 1.2-2 times slower (classifier A the most: its convolutions at full
    resolution), which training two members at a time more than wins back.
    Raises RuntimeError if torch was loaded before (its kernels would already be
    chosen)."""
    if "torch" in sys.modules and any(os.environ.get(k) != v for k, v in CPU_INDEPENDENT_ENV.items()):
        raise RuntimeError("torch was imported before the training set its CPU-independent numerics")
    os.environ.update(CPU_INDEPENDENT_ENV)
    import torch

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    # (Any: torch types these flags loosely, and CI type-checks without torch)
    backends: Any = torch.backends
    backends.mkldnn.enabled = False
    backends.nnpack.set_flags(False)
    if backends.cpu.get_cpu_capability() != "DEFAULT":
        raise RuntimeError(f"torch uses {backends.cpu.get_cpu_capability()} kernels, not the plain ones")
    return torch

"""Checks at the boundary of the card reader: images and frames it may be given (issue 12).

The reader (:func:`vision.reader.detect`) expects an 8-bit BGR (or grey) image big
enough to hold a card and small enough to read in a fraction of a second.
:func:`frame_problem` says, before the reader sees it, why a frame is not such an
image; :func:`limit_decoder` bounds what ``cv2.imread`` itself decodes (OpenCV's
``OPENCV_IO_MAX_IMAGE_PIXELS``, read once when cv2 is loaded), and
:func:`image_file_problem` refuses a PNG or JPEG whose header announces more
pixels than that before anything is decoded (a 2 MB "decompression bomb" PNG
would otherwise take gigabytes). Imports neither cv2 nor NumPy; ``referee detect``
and the camera (:mod:`referee.live.camera`) call it.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import Any

from referee.i18n import _

MIN_SIDE = 16
"""Fewest pixels across either side of a frame (no card can be read in less)."""
MAX_PIXELS = 50_000_000
"""Most pixels in one frame or image (a 50-megapixel photo; 4K video is 8.3 million)."""


def limit_decoder() -> None:
    """Bound OpenCV's image decoder to :data:`MAX_PIXELS` (call before ``import cv2``; a
    value already set in the environment is kept)."""
    os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))


def size_problem(width: int, height: int) -> str | None:
    """Why a ``width`` x ``height`` pixel frame cannot be read, or None when it can."""
    if width < MIN_SIDE or height < MIN_SIDE:
        return _("{w}x{h} pixels is too small (at least {n}x{n})").format(w=width, h=height, n=MIN_SIDE)
    if width * height > MAX_PIXELS:
        return _("{w}x{h} pixels is too large (at most {n} million pixels)").format(
            w=width, h=height, n=MAX_PIXELS // 1_000_000
        )
    return None


def frame_problem(frame: Any) -> str | None:
    """Why ``frame`` is no image for the reader (not a 2-D grey or 3-D BGR/BGRA uint8
    array, too small or too large, see :func:`size_problem`), or None when it is one."""
    shape = getattr(frame, "shape", None)
    dtype = str(getattr(frame, "dtype", ""))
    if shape is None or len(shape) not in (2, 3) or (len(shape) == 3 and shape[2] not in (1, 3, 4)):
        return _("not an image (shape {shape})").format(shape=shape)
    if dtype != "uint8":
        return _("not an 8-bit image ({dtype})").format(dtype=dtype)
    return size_problem(int(shape[1]), int(shape[0]))


def image_file_problem(path: str | Path) -> str | None:
    """Why the image file ``path`` is not to be decoded (its PNG or JPEG header gives a
    size :func:`size_problem` refuses), or None (also for other formats, which
    ``cv2.imread`` bounds itself after :func:`limit_decoder`)."""
    try:
        with open(path, "rb") as f:
            head = f.read(1 << 16)
    except OSError:
        return None
    size = _png_size(head) or _jpeg_size(head)
    return size_problem(*size) if size else None


def _png_size(head: bytes) -> tuple[int, int] | None:
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR" and len(head) >= 24:
        w, h = struct.unpack(">II", head[16:24])
        return int(w), int(h)
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    if head[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 9 < len(head):
        if head[i] != 0xFF:
            return None
        marker = head[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", head[i + 2 : i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", head[i + 5 : i + 9])
            return int(w), int(h)
        i += 2 + length
    return None


def unreadable_image(path: Path) -> str:
    """The one-line error for an image file ``cv2.imread`` could not read: no such file, a
    folder, or no image it can decode."""
    if path.is_dir():
        return _("not an image file but a folder: {path}").format(path=path)
    if not path.is_file():
        return _("no such image file: {path}").format(path=path)
    return _("cannot read image file (not an image or unsupported format): {path}").format(path=path)

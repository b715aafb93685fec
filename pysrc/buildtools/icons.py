"""The app icons of the web app manifest, drawn as PNGs with zlib only (the same 4x4 board as
site/icons/icon.svg); redrawn only when the drawing code changes."""

from __future__ import annotations

import hashlib
import inspect

from .console import log
from .layout import DIST
from .stamps import stamp, up_to_date


def _png(size: int, maskable: bool = False) -> bytes:
    """The app icon (the same 4x4 board as site/icons/icon.svg) as a PNG, drawn with zlib only."""
    import struct
    import zlib
    scale = size / 512
    pad = (96 if maskable else 40) * scale
    gap = 8 * scale * (0.8 if maskable else 1)
    tile = (size - 2 * pad - 3 * gap) / 4
    dark, light, accent = b"\x3b\x42\x52", b"\xec\xef\xf4", b"\xff\x9e\x1b"

    def inside_rounded(x: float, y: float, x0: float, y0: float, w: float, r: float) -> bool:
        dx = max(x0 + r - x, 0, x - (x0 + w - r))
        dy = max(y0 + r - y, 0, y - (y0 + w - r))
        return dx * dx + dy * dy <= r * r

    rows = []
    for py in range(size):
        y = py + 0.5
        row = bytearray(b"\0")
        for px in range(size):
            x = px + 0.5
            colour = None
            if maskable or inside_rounded(x, y, 0, 0, size, 72 * scale):
                colour = dark
                c, r = int((x - pad) // (tile + gap)), int((y - pad) // (tile + gap))
                if 0 <= c < 4 and 0 <= r < 4 and (r, c) != (3, 3) and inside_rounded(
                        x, y, pad + c * (tile + gap), pad + r * (tile + gap), tile, 14 * scale):
                    colour = accent if (r, c) == (3, 2) else light
            row += (colour + b"\xff") if colour else b"\0\0\0\0"
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
            chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def step_icons() -> None:
    """Write dist/icons/icon-192.png, icon-512.png and icon-maskable-512.png for the web app manifest."""
    icons = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}
    outputs = [DIST / "icons" / name for name in icons]
    digest = hashlib.sha256(inspect.getsource(_png).encode()).hexdigest()
    if up_to_date("icons", digest, *outputs):
        return
    (DIST / "icons").mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in icons.items():
        (DIST / "icons" / name).write_bytes(_png(size, maskable))
    log("drew icons/icon-*.png")
    stamp("icons", digest)


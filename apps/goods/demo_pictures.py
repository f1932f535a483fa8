"""Small product pictures for the demo, drawn at load time: a flat silhouette of the kind of
goods (phone, laptop, camera …) on a coloured gradient, written as PNG with zlib and struct
only, so the demo needs no imaging library."""

from __future__ import annotations

import math
import struct
import zlib
from functools import cache

SIZE = 240
Color = tuple[int, int, int]

# background top, background bottom, silhouette, detail
PALETTES: tuple[tuple[Color, Color, Color, Color], ...] = (
    ((230, 240, 255), (170, 200, 245), (40, 48, 66), (120, 170, 240)),
    ((255, 240, 228), (245, 190, 160), (60, 44, 40), (240, 150, 100)),
    ((232, 250, 238), (160, 220, 185), (34, 60, 48), (90, 190, 130)),
    ((245, 236, 255), (200, 175, 240), (52, 40, 72), (160, 120, 230)),
    ((255, 250, 225), (240, 215, 140), (66, 56, 30), (230, 180, 60)),
    ((236, 244, 246), (170, 195, 205), (30, 40, 48), (90, 140, 160)),
)

KINDS = ("phone", "laptop", "tablet", "camera", "console", "vr", "drone", "tent", "power")


class _Canvas:
    def __init__(self, top: Color, bottom: Color) -> None:
        self.rows = []
        for y in range(SIZE):
            t = y / (SIZE - 1)
            color = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
            self.rows.append(bytearray(bytes(color) * SIZE))

    def span(self, y: int, x0: int, x1: int, color: Color) -> None:
        if not 0 <= y < SIZE:
            return
        x0, x1 = max(x0, 0), min(x1, SIZE)
        if x1 > x0:
            self.rows[y][x0 * 3 : x1 * 3] = bytes(color) * (x1 - x0)

    def rect(self, x0: int, y0: int, x1: int, y1: int, color: Color) -> None:
        for y in range(y0, y1):
            self.span(y, x0, x1, color)

    def rounded(self, x0: int, y0: int, x1: int, y1: int, radius: int, color: Color) -> None:
        for y in range(y0, y1):
            inset = 0
            corner = min(y - y0, y1 - 1 - y)
            if corner < radius:
                inset = radius - round(math.sqrt(radius**2 - (radius - corner) ** 2))
            self.span(y, x0 + inset, x1 - inset, color)

    def circle(self, cx: int, cy: int, r: int, color: Color) -> None:
        for y in range(cy - r, cy + r + 1):
            half = round(math.sqrt(max(r * r - (y - cy) ** 2, 0)))
            self.span(y, cx - half, cx + half + 1, color)

    def triangle(self, apex_x: int, apex_y: int, base_y: int, half_base: int, color: Color) -> None:
        for y in range(apex_y, base_y):
            half = round(half_base * (y - apex_y) / (base_y - apex_y))
            self.span(y, apex_x - half, apex_x + half + 1, color)

    def diagonal(self, x0: int, y0: int, x1: int, y1: int, half_width: int, color: Color) -> None:
        step = 1 if y1 >= y0 else -1
        for y in range(y0, y1 + step, step):
            x = round(x0 + (x1 - x0) * (y - y0) / (y1 - y0))
            self.span(y, x - half_width, x + half_width + 1, color)

    def png(self) -> bytes:
        raw = b"".join(b"\x00" + bytes(row) for row in self.rows)

        def chunk(kind: bytes, data: bytes) -> bytes:
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

        header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b"")
        )


def _draw(canvas: _Canvas, kind: str, body: Color, detail: Color) -> None:
    light = (245, 247, 250)
    if kind == "phone":
        canvas.rounded(78, 30, 162, 210, 16, body)
        canvas.rounded(86, 44, 154, 196, 8, detail)
        canvas.circle(120, 37, 3, light)
    elif kind == "laptop":
        canvas.rounded(50, 58, 190, 150, 8, body)
        canvas.rect(58, 66, 182, 142, detail)
        canvas.rounded(30, 150, 210, 164, 5, body)
        canvas.rect(100, 150, 140, 154, light)
    elif kind == "tablet":
        canvas.rounded(52, 40, 188, 200, 14, body)
        canvas.rounded(62, 50, 178, 190, 6, detail)
    elif kind == "camera":
        canvas.rounded(88, 58, 142, 82, 6, body)
        canvas.rounded(36, 76, 204, 176, 14, body)
        canvas.circle(120, 126, 42, light)
        canvas.circle(120, 126, 34, body)
        canvas.circle(120, 126, 22, detail)
        canvas.circle(112, 118, 6, light)
        canvas.circle(182, 92, 6, detail)
    elif kind == "console":
        canvas.circle(72, 124, 36, body)
        canvas.circle(168, 124, 36, body)
        canvas.rounded(72, 92, 168, 152, 12, body)
        canvas.rect(56, 118, 84, 128, light)
        canvas.rect(65, 109, 75, 137, light)
        canvas.circle(160, 112, 6, detail)
        canvas.circle(176, 128, 6, detail)
        canvas.circle(144, 128, 6, light)
    elif kind == "vr":
        canvas.rect(30, 112, 210, 120, body)
        canvas.rounded(50, 84, 190, 152, 22, body)
        canvas.circle(92, 118, 18, detail)
        canvas.circle(148, 118, 18, detail)
    elif kind == "drone":
        for cx, cy in ((56, 56), (184, 56), (56, 184), (184, 184)):
            canvas.diagonal(cx, cy, 120, 120, 6, body)
            canvas.circle(cx, cy, 26, detail)
            canvas.circle(cx, cy, 7, body)
        canvas.rounded(96, 96, 144, 144, 12, body)
        canvas.circle(120, 120, 8, light)
    elif kind == "tent":
        canvas.triangle(120, 44, 186, 96, body)
        canvas.triangle(120, 100, 186, 34, detail)
        canvas.rect(16, 186, 224, 192, body)
    else:  # power station
        canvas.rounded(84, 52, 156, 84, 10, body)
        canvas.rounded(94, 62, 146, 84, 4, light)
        canvas.rounded(44, 80, 196, 196, 14, body)
        canvas.rect(60, 100, 130, 140, detail)
        for x in (146, 170):
            canvas.circle(x, 160, 8, light)


@cache
def product_picture(kind: str, palette: int) -> bytes:
    """A PNG of the `kind` of goods in one of the PALETTES (any index; it wraps around)."""
    top, bottom, body, detail = PALETTES[palette % len(PALETTES)]
    canvas = _Canvas(top, bottom)
    _draw(canvas, kind, body, detail)
    return canvas.png()

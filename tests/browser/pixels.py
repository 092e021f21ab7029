"""What a screenshot shows, pixel by pixel: a small PNG reader (the 8-bit, non-interlaced RGB and RGBA files
Chromium writes) and the WCAG contrast of two colours. Standard library only."""
from __future__ import annotations

import struct
import zlib

Colour = tuple[float, float, float]


def read_png(data: bytes) -> tuple[int, int, list[list[Colour]]]:
    """(width, height, rows of (r, g, b) pixels, 0–255) of a PNG file's bytes; transparency is laid over white."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, width, height, kind = 8, b"", 0, 0, 0
    while pos < len(data):
        length, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            width, height, depth, kind, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or kind not in (2, 6) or interlace:
                raise ValueError(f"an unexpected PNG: depth {depth}, colour type {kind}, interlace {interlace}")
        elif tag == b"IDAT":
            idat += body
        pos += 12 + length
    channels = 4 if kind == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[list[Colour]] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind_of_filter, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind_of_filter == 1:
                line[i] = (line[i] + left) & 255
            elif kind_of_filter == 2:
                line[i] = (line[i] + up) & 255
            elif kind_of_filter == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        row = []
        for x in range(width):
            r, g, b = line[x * channels:x * channels + 3]
            a = line[x * channels + 3] / 255 if channels == 4 else 1.0
            row.append((r * a + 255 * (1 - a), g * a + 255 * (1 - a), b * a + 255 * (1 - a)))
        rows.append(row)
        previous = line
    return width, height, rows


def luminance(colour: Colour) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours, from 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)

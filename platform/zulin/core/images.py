"""Recognising pictures by their first bytes (never by a name or a declared type)."""

from __future__ import annotations

CONTENT_TYPES = {"jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp"}


def image_extension(head: bytes) -> str | None:
    """The image type of a file from its magic bytes; None when it is not one we accept."""
    if head.startswith(b"\xff\xd8\xff"):
        return "jpg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    return None


# A picture decoded in full is width x height x 4 bytes in memory: refuse larger before
# decoding (a few kilobytes of PNG can claim a gigapixel).
MAX_PIXELS = 40_000_000


def picture_decodes(content: bytes, extension: str) -> bool:
    """Whether `content` is a whole picture of the type its first bytes claim: Pillow reads
    its header (format and size within MAX_PIXELS) and decodes every pixel, so a truncated
    or corrupt file, or another file behind a picture's magic bytes, is refused."""
    from io import BytesIO

    from PIL import Image, UnidentifiedImageError

    formats = {"jpg": "JPEG", "png": "PNG", "gif": "GIF", "webp": "WEBP"}
    try:
        with Image.open(BytesIO(content), formats=[formats[extension]]) as picture:
            width, height = picture.size
            if width < 1 or height < 1 or width * height > MAX_PIXELS:
                return False
            picture.load()
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, KeyError):
        return False
    except Image.DecompressionBombError:
        return False
    return True

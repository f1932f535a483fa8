"""Regenerate the contract font: a subset of WenQuanYi Micro Hei (Apache-2.0).

    apt-get install fonts-wqy-microhei     # Debian's package holds the full collection
    .venv/bin/python infra/scripts/contract_font_subset.py

Why a subset: the full collection is 5 MB and carries 49,531 glyphs; a contract needs
GB2312 (its 6,763 hanzi cover names and addresses as well as the clauses), ASCII, the
GB2312 symbol rows (CJK punctuation, full-width forms, circled numbers) and a few signs
money text uses. Why this font: it has TrueType (glyf) outlines, which reportlab can embed,
Latin glyphs of its own, and a licence that allows modified copies in the repository.

The output is reproducible: the same source file gives the same bytes (no timestamp is
recalculated), and the script prints both hashes so a reviewer can check.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
SOURCE = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
# Face 0 of the collection is the proportional "WenQuanYi Micro Hei" (1 is the Mono face).
SOURCE_FACE = 0
TARGET = ROOT / "platform" / "zulin" / "documents" / "fonts" / "ZulinContractHei.ttf"
FAMILY = "Zulin Contract Hei"
POSTSCRIPT_NAME = "ZulinContractHei"
# Signs money and list text uses that GB2312 spells differently (¥ for ￥, middle dot, bullet).
EXTRA_CHARACTERS = "¥·•×÷±°‰※√…—–‘’“”　"


def gb2312_characters() -> str:
    """Every character GB2312 encodes: rows 1-9 (symbols) and 16-87 (levels 1 and 2 hanzi)."""
    found: list[str] = []
    for row in range(0xA1, 0xF8):
        for cell in range(0xA1, 0xFF):
            try:
                found.append(bytes((row, cell)).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return "".join(found)


def contract_characters() -> str:
    ascii_printable = "".join(chr(code) for code in range(0x20, 0x7F))
    return "".join(sorted(set(ascii_printable + gb2312_characters() + EXTRA_CHARACTERS)))


def _rename(font: TTFont) -> None:
    """A modified copy carries its own name and says what it is (Apache-2.0 section 4b)."""
    names = font["name"]
    description = (
        "Subset of WenQuanYi Micro Hei 0.2.0-beta (GB2312, ASCII and CJK punctuation) "
        "made for Zulin's contract documents; glyphs unchanged, hinting removed."
    )
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 18):
            names.removeNames(nameID=record.nameID)
    names.setName(FAMILY, 1, 3, 1, 0x409)
    names.setName(f"{POSTSCRIPT_NAME}-0.2.0-subset", 3, 3, 1, 0x409)
    names.setName(FAMILY, 4, 3, 1, 0x409)
    names.setName(POSTSCRIPT_NAME, 6, 3, 1, 0x409)
    names.setName(description, 10, 3, 1, 0x409)


def build(source: Path, target: Path) -> None:
    font = TTFont(source, fontNumber=SOURCE_FACE, recalcTimestamp=False)
    options = subset.Options()
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    # Hinting helps screens at small pixel sizes, not print; dropping it halves the file.
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=contract_characters())
    subsetter.subset(font)
    _rename(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(target)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--target", type=Path, default=TARGET)
    args = parser.parse_args()
    if not args.source.exists():
        print(f"{args.source} is missing: apt-get install fonts-wqy-microhei", file=sys.stderr)
        return 1
    build(args.source, args.target)
    for path in (args.source, args.target):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        print(f"{digest}  {path.stat().st_size:>9}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Rich text a person writes in the editor (a goods description): HTML kept to an allow-list.

Every path that stores such text passes it through `rich_text_clean` first, so what the API
answers and any page shows is already safe. The allow-list is the markup the front end's
editor (`frontend/src/components/RichTextEditor`) emits, and nothing else:

- blocks: `p`, `h2`, `h3`, `h4`, `ul`, `ol`, `li`, `blockquote`, `hr`, `br`;
- marks: `strong`/`b`, `em`/`i`, `u`, `s`/`del`;
- links `a`: `href` only with an `http:`, `https:` or `mailto:` URL (a relative or any other
  scheme is dropped), `target` only `_blank`, and `rel="noopener noreferrer nofollow"` always
  set (the author's own `rel` is replaced);
- pictures `img`: `src` only under `image_prefix` (the caller's uploads, e.g. this shop's
  goods pictures `/api/media/<schema>/goods/<file>.<ext>`) — a picture from anywhere else, a
  `data:` URL included, is removed whole; `alt`, `title`, and `width`/`height` as numbers;
- alignment: a `style` on a block holding `text-align: left|center|right|justify;` only
  (written as the editor writes it).

Everything else is removed: `script`, `style`, `iframe`, `svg` and `math` with their content,
every event handler (`on…`), `class`, `id`, any other style, comments. Text is kept and
escaped. Cleaning is idempotent (cleaning clean text changes nothing).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import nh3

BLOCK_TAGS = frozenset({"p", "h2", "h3", "h4", "blockquote"})
TAGS = BLOCK_TAGS | frozenset(
    {"ul", "ol", "li", "hr", "br", "strong", "b", "em", "i", "u", "s", "del", "a", "img"}
)
# Removed with everything inside them (the others lose their tag and keep their text).
DROPPED_WITH_CONTENT = frozenset(
    {"script", "style", "iframe", "object", "embed", "svg", "math", "template", "noscript"}
)
ATTRIBUTES: dict[str, set[str]] = {
    "a": {"href", "target"},
    "img": {"src", "alt", "title", "width", "height"},
    **{tag: {"style"} for tag in BLOCK_TAGS | {"li"}},
}
LINK_SCHEMES = ("http://", "https://", "mailto:")
LINK_REL = "noopener noreferrer nofollow"
ALIGNMENTS = frozenset({"left", "center", "right", "justify"})

_DIMENSION = re.compile(r"\d{1,4}")
# A picture whose src the filter refused: nh3 escapes `<`, `>` and `"` inside attribute
# values, so in its output an <img …> tag ends at the first `>` and ` src="` is an attribute.
_IMG_WITHOUT_SRC = re.compile(r'<img(?![^>]*\ssrc=")[^>]*>')
_UPLOAD_NAME = re.compile(r"[A-Za-z0-9_-]{1,100}\.(?:png|jpg|jpeg|gif|webp)")


def _alignment(style: str) -> str | None:
    """`text-align: <allowed>` out of a style attribute; None when there is none."""
    for declaration in style.split(";"):
        name, _, value = declaration.partition(":")
        if name.strip().lower() == "text-align" and value.strip().lower() in ALIGNMENTS:
            return f"text-align: {value.strip().lower()};"
    return None


def _attribute_filter(image_prefix: str) -> Callable[[str, str, str], str | None]:
    def keep(tag: str, attribute: str, value: str) -> str | None:
        if attribute == "href":
            return value if value.strip().lower().startswith(LINK_SCHEMES) else None
        if attribute == "target":
            return value if value == "_blank" else None
        if attribute == "src":
            return value if _is_upload(value, image_prefix) else None
        if attribute in ("width", "height"):
            return value if _DIMENSION.fullmatch(value.strip()) else None
        if attribute == "style":
            return _alignment(value)
        return value

    return keep


def _is_upload(src: str, image_prefix: str) -> bool:
    if not image_prefix or not src.startswith(image_prefix):
        return False
    name = src[len(image_prefix) :]
    return _UPLOAD_NAME.fullmatch(name) is not None


def rich_text_clean(html: str, *, image_prefix: str) -> str:
    """`html` kept to the allow-list above; pictures only from under `image_prefix`."""
    if not html:
        return ""
    cleaned = nh3.clean(
        html,
        tags=set(TAGS),
        clean_content_tags=set(DROPPED_WITH_CONTENT),
        attributes={tag: set(names) for tag, names in ATTRIBUTES.items()},
        attribute_filter=_attribute_filter(image_prefix),
        strip_comments=True,
        link_rel=LINK_REL,
        url_schemes={"http", "https", "mailto"},
    )
    return _IMG_WITHOUT_SRC.sub("", cleaned).strip()

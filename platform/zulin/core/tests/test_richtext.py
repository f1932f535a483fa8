"""Rich text kept to the allow-list (zulin.core.richtext): what must never survive, what must
survive unchanged, and a fuzz that no output carries a script or an event handler."""

import re
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zulin.core.richtext import rich_text_clean

PREFIX = "/api/media/m_demo/goods/"
PICTURE = f"{PREFIX}0123456789abcdef0123456789abcdef.png"


def clean(html: str) -> str:
    return rich_text_clean(html, image_prefix=PREFIX)


@pytest.mark.parametrize(
    ("dirty", "expected"),
    [
        ("<p>a</p><script>alert(1)</script>", "<p>a</p>"),
        ("<SCRIPT SRC=//evil.example/x.js></SCRIPT>b", "b"),
        ("<img src=x onerror=alert(1)>", ""),
        (f'<img src="{PICTURE}" onerror="alert(1)">', f'<img src="{PICTURE}">'),
        ('<p onclick="alert(1)">c</p>', "<p>c</p>"),
        ('<a href="javascript:alert(1)">d</a>', '<a rel="noopener noreferrer nofollow">d</a>'),
        ('<a href=" JaVaScRiPt:alert(1)">d</a>', '<a rel="noopener noreferrer nofollow">d</a>'),
        (
            '<a href="java&#x09;script:alert(1)">d</a>',
            '<a rel="noopener noreferrer nofollow">d</a>',
        ),
        ('<iframe src="https://evil.example"></iframe>e', "e"),
        ('<p style="width: expression(alert(1))">f</p>', "<p>f</p>"),
        ('<p style="text-align: expression(alert(1))">f</p>', "<p>f</p>"),
        ("<svg><script>alert(1)</script></svg>g", "g"),
        ('<svg onload="alert(1)"><a xlink:href="javascript:alert(1)">h</a></svg>i', "i"),
        ("<math><mtext><img src=x onerror=alert(1)></mtext></math>j", "j"),
        ('<img src="data:image/png;base64,iVBORw0KGgo=">k', "k"),
        (
            '<a href="data:text/html,<script>alert(1)</script>">l</a>',
            '<a rel="noopener noreferrer nofollow">l</a>',
        ),
        ("<style>p{color:red}</style>m", "m"),
        ('<object data="x.swf"></object><embed src="x.swf">n', "n"),
        ("<!-- <script>alert(1)</script> -->o", "o"),
        ('<form action="https://evil.example"><input name="p"></form>q', "q"),
        ('<p class="x" id="y" data-x="1">r</p>', "<p>r</p>"),
    ],
)
def test_what_is_dangerous_never_survives(dirty, expected):
    assert clean(dirty) == expected


@pytest.mark.parametrize(
    "src",
    [
        "https://evil.example/a.png",  # anywhere else
        "//evil.example/a.png",
        "/api/media/m_acme/goods/0123.png",  # another shop's uploads
        "/api/media/m_demo/category/0123.png",  # another folder
        f"{PREFIX}../../secret.png",
        f"{PREFIX}a.svg",  # uploads are never SVG
        f"{PREFIX}a.png?x=1",
    ],
)
def test_a_picture_from_anywhere_but_the_shops_goods_uploads_is_removed(src):
    assert clean(f'<p>x<img src="{src}" alt="a"></p>') == "<p>x</p>"


@pytest.mark.parametrize(
    "html",
    [
        "<h2>标题</h2><h3>小标题</h3><h4>更小</h4><p>正文</p>",
        "<p><strong>粗</strong><b>粗</b><em>斜</em><i>斜</i><u>下划线</u><s>删除</s><del>删</del></p>",
        "<ul><li><p>一</p></li><li><p>二</p></li></ul><ol><li><p>1</p></li></ol>",
        "<blockquote><p>引用</p></blockquote><hr><p>a<br>b</p>",
        '<p><a target="_blank" href="https://example.com/x?a=1&amp;b=2" '
        'rel="noopener noreferrer nofollow">链接</a></p>',
        '<p><a href="mailto:shop@example.com" rel="noopener noreferrer nofollow">邮件</a></p>',
        f'<p><img src="{PICTURE}" alt="正面" title="正面图" width="640" height="480"></p>',
        '<p style="text-align: center;">居中</p><h2 style="text-align: right;">右</h2>',
        "<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>",
        "纯文本\n第二行",
        "",
    ],
)
def test_allowed_markup_survives_unchanged(html):
    assert clean(html) == html


def test_links_get_rel_forced_and_only_a_blank_target():
    assert clean('<a href="https://x.example" rel="opener" target="_top">x</a>') == (
        '<a href="https://x.example" rel="noopener noreferrer nofollow">x</a>'
    )


def test_only_text_alignment_stays_of_a_style():
    assert clean('<p style="color: red; TEXT-ALIGN: Center; background: url(x)">a</p>') == (
        '<p style="text-align: center;">a</p>'
    )
    assert clean('<p style="text-align: start">a</p>') == "<p>a</p>"


def test_picture_sizes_are_numbers_only():
    assert clean(f'<img src="{PICTURE}" width="100%" height="5">') == (
        f'<img src="{PICTURE}" height="5">'
    )


def test_without_an_upload_prefix_no_picture_survives():
    assert rich_text_clean(f'<img src="{PICTURE}">a', image_prefix="") == "a"


_EVENT_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
_FRAGMENTS = st.sampled_from(
    [
        "<script>",
        "</script>",
        "<img src=x ",
        f'<img src="{PICTURE}" ',
        "onerror=alert(1)",
        " onclick='alert(1)'",
        "<svg ",
        "onload=alert(1)>",
        '<a href="javascript:alert(1)"',
        "<iframe src=//x>",
        "<p style='x:expression(alert(1))'",
        ">",
        "<",
        '"',
        "'",
        "=",
        " ",
        "/",
        "<!--",
        "-->",
        "<![CDATA[",
        "]]>",
        "<math>",
        "<mglyph>",
        "<style>",
        "</style>",
        "<noscript>",
        "<template>",
        "<p>",
        "</p>",
        "<a href='https://x.example'>",
        "data:text/html;base64,PHNjcmlwdD4=",
        "&lt;script&gt;",
        "java\tscript:",
        "文字",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(_FRAGMENTS, st.text(max_size=8)), max_size=30).map("".join))
def test_no_output_carries_a_script_or_an_event_handler(html):
    cleaned = clean(html)

    lowered = cleaned.lower()
    assert "<script" not in lowered
    assert "<iframe" not in lowered and "<svg" not in lowered and "<style" not in lowered
    assert "javascript:" not in re.sub(r"\s", "", _attribute_values(lowered))
    assert "data:" not in _attribute_values(lowered)
    assert not _EVENT_HANDLER.search(cleaned)
    assert clean(cleaned) == cleaned  # cleaning is idempotent


class _Attributes(HTMLParser):
    """The attribute values of every tag that a browser may follow or run, read as a browser's
    tokenizer reads them: text that merely looks like `="…"` is text, and a picture's `alt` or
    `title` is words shown, never loaded."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.values: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.values.extend(value or "" for name, value in attrs if name not in ("alt", "title"))


def _attribute_values(html: str) -> str:
    parser = _Attributes()
    parser.feed(html)
    parser.close()
    return " ".join(parser.values)

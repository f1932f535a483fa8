"""The lease contract as a PDF: `render_lease_contract(data) -> bytes`.

The font is embedded (a TrueType subset per document, `FontFile2`) so the contract renders
the same in any viewer and at any notary; reportlab's built-in CJK fonts are only named, not
embedded. The bytes depend on the data alone (reportlab's invariant mode, and the creation
date set to the contract's date), so `sha256_hex` of the same data is the same hash.
"""

from __future__ import annotations

import functools
import hashlib
import io
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from .clauses import DEFAULT_LEASE_CLAUSES, ContractClause
from .money import amount_figures, amount_in_capitals, chinese_ordinal, yuan

FONT_NAME = "ZulinContractHei"
FONT_PATH = Path(__file__).resolve().parent / "fonts" / "ZulinContractHei.ttf"
CONTRACT_TITLE = "商品租赁合同"
# Where an e-signing service places each party's seal or signature (keyword positioning).
LESSOR_SIGNATURE_ANCHOR = "出租方（盖章）"
LESSEE_SIGNATURE_ANCHOR = "承租方（签字）"


class RentUnit(StrEnum):
    MONTH = "month"
    DAY = "day"

    @property
    def label(self) -> str:
        return "个月" if self is RentUnit.MONTH else "天"

    @property
    def period_label(self) -> str:
        return "每月" if self is RentUnit.MONTH else "每天"


class OwnershipTransfer(StrEnum):
    """When the goods become the lessee's: the three lease-to-own arrangements."""

    AT_TERM_END = "at_term_end"
    ON_BUYOUT = "on_buyout"
    NEVER = "never"

    @property
    def text(self) -> str:
        return {
            OwnershipTransfer.AT_TERM_END: (
                "租期届满且承租方付清全部租金后，租赁物所有权归承租方所有"
            ),
            OwnershipTransfer.ON_BUYOUT: (
                "承租方按约定支付买断价款后，租赁物所有权归承租方所有；未买断的，租期届满后归还出租方"
            ),
            OwnershipTransfer.NEVER: "租赁物所有权始终归出租方所有，租期届满后承租方应归还租赁物",
        }[self]


@dataclass(frozen=True)
class Lessor:
    legal_name: str
    contact_name: str
    contact_phone: str
    address: str
    credit_code: str = ""  # 统一社会信用代码, when the merchant has given it


@dataclass(frozen=True)
class Lessee:
    name: str
    id_number: str  # printed as given: the caller chooses masked or full
    phone: str
    address: str = ""


@dataclass(frozen=True)
class LeasedGoods:
    title: str
    specs: str = ""
    serial_number: str = ""  # serial or IMEI; empty until the goods are shipped
    quantity: int = 1
    # The condition leased (全新, 95新 …): a device leased again as used says so.
    fineness: str = ""


@dataclass(frozen=True)
class LeasePlan:
    term: int
    unit: RentUnit
    rent_per_period: Decimal
    deposit: Decimal
    buyout_price: Decimal
    ownership: OwnershipTransfer

    @property
    def total_rent(self) -> Decimal:
        return yuan(self.rent_per_period * self.term)


@dataclass(frozen=True)
class Instalment:
    period: int
    due_on: date
    amount: Decimal


@dataclass(frozen=True)
class AddOn:
    name: str
    price: Decimal
    description: str = ""


@dataclass(frozen=True)
class LeaseContractData:
    contract_no: str
    order_no: str
    issued_on: date
    lease_starts_on: date
    lease_ends_on: date
    lessor: Lessor
    lessee: Lessee
    goods: LeasedGoods
    plan: LeasePlan
    schedule: tuple[Instalment, ...]
    add_ons: tuple[AddOn, ...] = ()
    clauses: tuple[ContractClause, ...] = DEFAULT_LEASE_CLAUSES
    lessor_signed_on: date | None = None
    lessee_signed_on: date | None = None
    notes: tuple[str, ...] = ()  # extra lines printed under the plan

    @property
    def schedule_total(self) -> Decimal:
        return yuan(sum((row.amount for row in self.schedule), Decimal("0")))

    def texts(self) -> Iterable[str]:
        """Every piece of text the contract prints from the data (for the font check)."""
        yield from (self.contract_no, self.order_no)
        yield from vars(self.lessor).values()
        yield from vars(self.lessee).values()
        yield from (self.goods.title, self.goods.specs, self.goods.serial_number)
        yield self.goods.fineness
        for add_on in self.add_ons:
            yield from (add_on.name, add_on.description)
        for clause in self.clauses:
            yield from (clause.title, clause.body)
        yield from self.notes


def sha256_hex(document: bytes) -> str:
    return hashlib.sha256(document).hexdigest()


@functools.cache
def _font() -> TTFont:
    font = TTFont(FONT_NAME, str(FONT_PATH))
    pdfmetrics.registerFont(font)
    # Paragraph markup may ask for bold or italic: the one face answers for all four.
    pdfmetrics.registerFontFamily(
        FONT_NAME, normal=FONT_NAME, bold=FONT_NAME, italic=FONT_NAME, boldItalic=FONT_NAME
    )
    return font


def embedded_font() -> str:
    """Registers the embedded font (once) and answers its name, for other documents."""
    _font()
    return FONT_NAME


def font_missing_characters(text: str) -> str:
    """The characters of `text` the embedded font cannot draw (they would print as boxes),
    each once, in order of appearance."""
    glyphs = _font().face.charToGlyph
    missing: dict[str, None] = {}
    for character in text:
        if not character.isspace() and ord(character) not in glyphs:
            missing[character] = None
    return "".join(missing)


def lease_contract_missing_characters(data: LeaseContractData) -> str:
    return font_missing_characters("".join(data.texts()))


# --- layout -------------------------------------------------------------------------------

_INK = colors.HexColor("#1f2328")
_RULE = colors.HexColor("#8c959f")
_SHADE = colors.HexColor("#eef1f4")


@functools.cache
def _styles() -> dict[str, ParagraphStyle]:
    _font()
    base = ParagraphStyle(
        "body",
        fontName=FONT_NAME,
        fontSize=10,
        leading=16,
        textColor=_INK,
        wordWrap="CJK",
    )
    return {
        "body": base,
        "title": ParagraphStyle("title", parent=base, fontSize=20, leading=30, alignment=TA_CENTER),
        "meta": ParagraphStyle("meta", parent=base, fontSize=9, leading=14, alignment=TA_RIGHT),
        "article": ParagraphStyle(
            "article",
            parent=base,
            fontSize=12,
            leading=20,
            spaceBefore=10,
            spaceAfter=4,
            keepWithNext=1,
        ),
        "clause": ParagraphStyle("clause", parent=base, spaceAfter=2),
        "caption": ParagraphStyle(
            "caption", parent=base, spaceBefore=6, spaceAfter=3, keepWithNext=1
        ),
        "remark": ParagraphStyle("remark", parent=base, fontSize=9, spaceBefore=3),
        "cell": ParagraphStyle("cell", parent=base, fontSize=9.5, leading=14),
        "cell_right": ParagraphStyle(
            "cell_right", parent=base, fontSize=9.5, leading=14, alignment=TA_RIGHT
        ),
        "signature": ParagraphStyle("signature", parent=base, fontSize=10.5, leading=22),
    }


def _text(value: str, style: str = "body") -> Paragraph:
    return Paragraph(escape(value), _styles()[style])


def _long_date(value: date | None) -> str:
    if value is None:
        return "____年____月____日"
    return f"{value.year}年{value.month}月{value.day}日"


def _grid(rows: list[list[Any]], widths: list[float], *, header: bool = False) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT")
    commands: list[tuple[Any, ...]] = [
        # Cells are Paragraphs, but a table still sets its cell font (Helvetica by default).
        ("FONTNAME", (0, 0), (-1, -1), FONT_NAME),
        ("GRID", (0, 0), (-1, -1), 0.5, _RULE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), _SHADE))
    else:
        commands.append(("BACKGROUND", (0, 0), (0, -1), _SHADE))
    table.setStyle(TableStyle(commands))
    return table


def _label_rows(pairs: list[tuple[str, str]]) -> list[list[Any]]:
    return [[_text(label, "cell"), _text(value or "—", "cell")] for label, value in pairs]


class _Articles:
    """Numbers the articles (第一条, 第二条, …) across fixed parts and merchant clauses."""

    def __init__(self) -> None:
        self.count = 0

    def heading(self, title: str) -> Paragraph:
        self.count += 1
        return _text(f"第{chinese_ordinal(self.count)}条　{title}", "article")


def _story(data: LeaseContractData) -> list[Flowable]:
    width = A4[0] - 40 * mm
    label_width = 34 * mm
    articles = _Articles()
    plan = data.plan
    story: list[Flowable] = [
        _text(CONTRACT_TITLE, "title"),
        _text(
            f"合同编号：{data.contract_no}　　订单编号：{data.order_no}　　"
            f"签订日期：{_long_date(data.issued_on)}",
            "meta",
        ),
        Spacer(1, 4 * mm),
        _text(
            "出租方与承租方依据《中华人民共和国民法典》等法律法规，本着平等自愿、诚实信用的原则，"
            "就承租方租赁出租方商品的事宜，经协商一致，订立本合同，以资共同遵守。"
        ),
    ]

    story.append(articles.heading("合同双方"))
    lessor, lessee = data.lessor, data.lessee
    parties = [
        ("出租方（甲方）", lessor.legal_name),
        ("统一社会信用代码", lessor.credit_code),
        ("联系人", lessor.contact_name),
        ("联系电话", lessor.contact_phone),
        ("地址", lessor.address),
        ("承租方（乙方）", lessee.name),
        ("身份证号码", lessee.id_number),
        ("联系电话", lessee.phone),
        ("地址", lessee.address),
    ]
    story.append(_grid(_label_rows(parties), [label_width, width - label_width]))

    story.append(articles.heading("租赁物"))
    goods = data.goods
    story.append(
        _grid(
            _label_rows(
                [
                    ("商品名称", goods.title),
                    ("规格", goods.specs),
                    *([("成色", goods.fineness)] if goods.fineness else []),
                    ("数量", str(goods.quantity)),
                    ("序列号（IMEI）", goods.serial_number or "发货时登记，以发货单记载为准"),
                ]
            ),
            [label_width, width - label_width],
        )
    )

    story.append(articles.heading("租期、租金与押金"))
    story.append(
        _grid(
            _label_rows(
                [
                    (
                        "租期",
                        f"{plan.term}{plan.unit.label}，自{_long_date(data.lease_starts_on)}"
                        f"起至{_long_date(data.lease_ends_on)}止",
                    ),
                    ("租金", f"{plan.unit.period_label}{amount_figures(plan.rent_per_period)}"),
                    (
                        "租金合计",
                        f"{amount_figures(plan.total_rent)}"
                        f"（人民币{amount_in_capitals(plan.total_rent)}）",
                    ),
                    (
                        "押金",
                        f"{amount_figures(plan.deposit)}（人民币{amount_in_capitals(plan.deposit)}）",
                    ),
                    (
                        "买断价",
                        f"{amount_figures(plan.buyout_price)}"
                        f"（人民币{amount_in_capitals(plan.buyout_price)}）",
                    ),
                    ("所有权", plan.ownership.text),
                ]
            ),
            [label_width, width - label_width],
        )
    )
    for note in data.notes:
        story.append(_text(note, "remark"))

    story.append(_text("租金支付计划：", "caption"))
    schedule_rows: list[list[Any]] = [
        [_text("期数", "cell"), _text("应付日期", "cell"), _text("应付金额（元）", "cell_right")]
    ]
    for row in data.schedule:
        schedule_rows.append(
            [
                _text(f"第{row.period}期", "cell"),
                _text(row.due_on.isoformat(), "cell"),
                _text(f"{yuan(row.amount):,.2f}", "cell_right"),
            ]
        )
    schedule_rows.append(
        [
            _text("合计", "cell"),
            _text(f"人民币{amount_in_capitals(data.schedule_total)}", "cell"),
            _text(f"{data.schedule_total:,.2f}", "cell_right"),
        ]
    )
    schedule = _grid(schedule_rows, [30 * mm, width - 70 * mm, 40 * mm], header=True)
    schedule.setStyle(TableStyle([("BACKGROUND", (0, -1), (-1, -1), _SHADE)]))
    story.append(schedule)

    story.append(articles.heading("增值服务"))
    if data.add_ons:
        add_on_rows: list[list[Any]] = [
            [_text("服务名称", "cell"), _text("说明", "cell"), _text("费用（元）", "cell_right")]
        ]
        for add_on in data.add_ons:
            add_on_rows.append(
                [
                    _text(add_on.name, "cell"),
                    _text(add_on.description or "—", "cell"),
                    _text(f"{yuan(add_on.price):,.2f}", "cell_right"),
                ]
            )
        story.append(_grid(add_on_rows, [45 * mm, width - 85 * mm, 40 * mm], header=True))
        story.append(_text("增值服务费用计入第1期应付金额，随首期租金支付。", "remark"))
    else:
        story.append(_text("本订单未选择增值服务。", "clause"))

    for clause in data.clauses:
        story.append(articles.heading(clause.title))
        for paragraph in clause.body.splitlines():
            if paragraph.strip():
                story.append(_text(paragraph.strip(), "clause"))

    story.append(Spacer(1, 8 * mm))
    story.append(KeepTogether([_signatures(data, width)]))
    return story


def _signatures(data: LeaseContractData, width: float) -> Table:
    def block(anchor: str, name: str, second_line: str, signed_on: date | None) -> list[Any]:
        lines = (f"{anchor}：{name}", second_line, f"签署日期：{_long_date(signed_on)}")
        return [_text(line, "signature") for line in lines]

    lessor, lessee = data.lessor, data.lessee
    table = Table(
        [
            [
                block(
                    LESSOR_SIGNATURE_ANCHOR, lessor.legal_name, "授权代表：", data.lessor_signed_on
                ),
                block(
                    LESSEE_SIGNATURE_ANCHOR,
                    lessee.name,
                    f"身份证号码：{lessee.id_number}",
                    data.lessee_signed_on,
                ),
            ]
        ],
        colWidths=[width / 2, width / 2],
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle([("FONTNAME", (0, 0), (-1, -1), FONT_NAME), ("VALIGN", (0, 0), (-1, -1), "TOP")])
    )
    return table


class _ContractCanvas(Canvas):
    """Draws "第 N 页，共 M 页" (it needs the page count, so pages are kept until save) and
    dates the file by the contract, never by the clock."""

    def __init__(self, *args: Any, footer: str, issued_on: date, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._footer = footer
        self._pages: list[dict[str, Any]] = []
        stamp = f"D:{issued_on:%Y%m%d}000000+08'00'"
        self.setDateFormatter(lambda *_: stamp)

    def showPage(self) -> None:  # noqa: N802 (reportlab's name)
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, page in enumerate(self._pages, start=1):
            self.__dict__.update(page)
            self.setFont(FONT_NAME, 8.5)
            self.setFillColor(_RULE)
            self.drawCentredString(
                A4[0] / 2, 10 * mm, f"{self._footer}　第 {number} 页，共 {total} 页"
            )
            super().showPage()
        super().save()


def render_lease_contract(data: LeaseContractData) -> bytes:
    """The contract as PDF bytes; the same data always gives the same bytes."""
    _font()
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=20 * mm,
        rightMargin=20 * mm,
        topMargin=18 * mm,
        bottomMargin=20 * mm,
        title=f"{CONTRACT_TITLE} {data.contract_no}",
        author=data.lessor.legal_name,
        subject=f"订单 {data.order_no}",
        creator="Zulin",
        invariant=True,
        # Else the canvas starts in Helvetica, a font the file would name but not embed.
        initialFontName=FONT_NAME,
    )
    canvas_maker = functools.partial(
        _ContractCanvas,
        footer=f"{CONTRACT_TITLE}　编号 {data.contract_no}",
        issued_on=data.issued_on,
    )
    document.build(_story(data), canvasmaker=canvas_maker)
    return buffer.getvalue()

import io
import re
from dataclasses import replace
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal

from fontTools.ttLib import TTFont
from pypdf import PdfReader

from zulin.documents import (
    DEFAULT_LEASE_CLAUSES,
    ContractClause,
    LeasedGoods,
    Lessee,
    font_missing_characters,
    lease_contract_missing_characters,
    render_lease_contract,
    sha256_hex,
)
from zulin.documents.contract import FONT_PATH

from .factories import lease_contract_data


def _fonts(reader: PdfReader) -> dict[str, dict]:
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[str(font["/BaseFont"])] = font
    return fonts


def _text(reader: PdfReader) -> str:
    """The body text without page footers, so a paragraph split across pages reads whole;
    lines wrap anywhere in CJK text, so it is compared without whitespace."""
    text = re.sub(r"\s+", "", "".join(page.extract_text() for page in reader.pages))
    return re.sub(r"商品租赁合同编号\w+第\d+页，共\d+页", "", text)


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_every_font_in_the_contract_is_the_embedded_subset():
    reader = PdfReader(io.BytesIO(render_lease_contract(lease_contract_data())))

    fonts = _fonts(reader)

    assert fonts, "the contract names no font"
    for base_font, font in fonts.items():
        assert re.fullmatch(r"/[A-Z]{6}\+ZulinContractHei", base_font), base_font
        program = font["/FontDescriptor"]["/FontFile2"].get_data()
        # A TrueType program with glyf outlines, not a name a viewer must resolve.
        embedded = TTFont(io.BytesIO(program))
        assert program[:4] == b"\x00\x01\x00\x00"
        assert "glyf" in embedded
        assert len(embedded.getGlyphOrder()) > 10


def test_the_contract_carries_the_parties_goods_plan_and_chinese_clauses():
    data = lease_contract_data()

    text = _text(PdfReader(io.BytesIO(render_lease_contract(data))))

    assert "商品租赁合同" in text
    assert "合同编号：HT20260131000017" in text
    for expected in (
        "杭州租邻数码科技有限公司",
        "91330106MA2H7K3Q5X",
        "李晓梅",
        "330106********2046",
        "139****0731",
        "华为Mate60Pro12GB+512GB",
        "IMEI861234567890123",
        "4个月，自2026年1月31日起至2026年5月30日止",
        "每月¥399.00",
        "¥1,500.00（人民币壹仟伍佰元整）",
        "¥3,299.00（人民币叁仟贰佰玖拾玖元整）",
        "碎屏保障",
        "承租方按约定支付买断价款后，租赁物所有权归承租方所有",
    ):
        assert expected in text, expected
    for clause in DEFAULT_LEASE_CLAUSES:
        assert _squeeze(clause.title) in text
        assert _squeeze(clause.body) in text


def test_the_schedule_prints_every_row_and_its_total():
    data = lease_contract_data()

    text = _text(PdfReader(io.BytesIO(render_lease_contract(data))))

    assert "第1期2026-01-31458.90" in text
    assert "第2期2026-02-28399.00" in text
    assert "第3期2026-03-31399.00" in text
    assert "第4期2026-04-30399.00" in text
    assert "合计人民币壹仟陆佰伍拾伍元玖角1,655.90" in text


def test_articles_are_numbered_through_the_merchants_clauses():
    clauses = (
        ContractClause("送货上门", "出租方负责送货上门。"),
        ContractClause("保密", "双方对本合同内容负有保密义务。"),
    )

    text = _text(PdfReader(io.BytesIO(render_lease_contract(lease_contract_data(clauses=clauses)))))

    # Four fixed articles (parties, goods, plan, add-ons), then the merchant's own.
    assert "第四条增值服务" in text
    assert "第五条送货上门出租方负责送货上门。" in text
    assert "第六条保密双方对本合同内容负有保密义务。" in text
    assert "出租方的权利与义务" not in text


def test_merchant_text_is_printed_literally_not_read_as_markup():
    clause = ContractClause("标记", "金额<b>不含</b>运费 & 保险；a < b > c")

    pdf = render_lease_contract(lease_contract_data(clauses=(clause,)))

    assert "金额<b>不含</b>运费&保险；a<b>c" in _text(PdfReader(io.BytesIO(pdf)))


def test_unknown_serial_number_says_it_is_recorded_at_shipping():
    data = lease_contract_data(goods=LeasedGoods(title="iPad Air", specs="64GB"))

    text = _text(PdfReader(io.BytesIO(render_lease_contract(data))))

    assert "序列号（IMEI）发货时登记，以发货单记载为准" in text


def test_a_contract_without_add_ons_says_so():
    text = _text(PdfReader(io.BytesIO(render_lease_contract(lease_contract_data(add_ons=())))))

    assert "本订单未选择增值服务。" in text


def test_signature_blocks_carry_the_anchors_names_and_signing_dates():
    data = lease_contract_data(lessee_signed_on=date(2026, 2, 1))

    text = _text(PdfReader(io.BytesIO(render_lease_contract(data))))

    assert "出租方（盖章）：杭州租邻数码科技有限公司" in text
    assert "承租方（签字）：李晓梅" in text
    assert "签署日期：2026年2月1日" in text
    assert "签署日期：____年____月____日" in text


def test_pages_are_numbered_with_the_total():
    long_clauses = tuple(ContractClause(f"条款{n}", "本条内容。" * 200) for n in range(1, 6))

    reader = PdfReader(io.BytesIO(render_lease_contract(lease_contract_data(clauses=long_clauses))))

    total = len(reader.pages)
    assert total >= 3
    for number, page in enumerate(reader.pages, start=1):
        assert _squeeze(page.extract_text()).endswith(
            f"商品租赁合同编号HT20260131000017第{number}页，共{total}页"
        )


def test_same_data_gives_the_same_bytes_and_hash():
    first = render_lease_contract(lease_contract_data())
    second = render_lease_contract(lease_contract_data())

    assert first == second
    assert sha256_hex(first) == sha256_hex(second)
    assert re.fullmatch(r"[0-9a-f]{64}", sha256_hex(first))


def test_any_change_in_the_data_changes_the_hash():
    original = sha256_hex(render_lease_contract(lease_contract_data()))
    data = lease_contract_data()
    moved = replace(
        data,
        schedule=(*data.schedule[:-1], replace(data.schedule[-1], amount=Decimal("399.01"))),
    )

    assert sha256_hex(render_lease_contract(moved)) != original
    assert sha256_hex(render_lease_contract(lease_contract_data(order_no="ZL1"))) != original


def test_the_file_is_dated_by_the_contract_not_the_clock():
    reader = PdfReader(io.BytesIO(render_lease_contract(lease_contract_data())))

    created = reader.metadata.creation_date
    assert created == datetime(2026, 1, 31, tzinfo=timezone(timedelta(hours=8)))
    assert reader.metadata.title == "商品租赁合同 HT20260131000017"


def test_characters_the_font_cannot_draw_are_reported():
    assert font_missing_characters("张三 Zhang San，租赁合同￥1,234.50（壹佰）") == ""
    # 堃 and 玥 are outside GB2312; the font would print boxes for them.
    assert font_missing_characters("王堃与刘玥玥") == "堃玥"

    data = lease_contract_data(lessee=Lessee(name="王堃", id_number="1", phone="1"))
    assert lease_contract_missing_characters(data) == "堃"
    assert lease_contract_missing_characters(lease_contract_data()) == ""


def test_the_repository_font_is_a_small_subset_with_its_licence_beside_it():
    font = TTFont(FONT_PATH)

    assert FONT_PATH.stat().st_size < 3 * 1024 * 1024
    assert "glyf" in font
    assert font["OS/2"].fsType & 0x2 == 0  # embedding not restricted
    assert (FONT_PATH.parent / "LICENSE-Apache-2.0.txt").exists()
    cmap = font.getBestCmap()
    for text in ("租赁合同押金买断逾期", "ABCxyz0123456789", "，。；：（）《》“”、￥"):
        assert all(ord(character) in cmap for character in text), text

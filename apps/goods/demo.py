"""A merchant's goods for the demo: add-on services and goods in every state (on shelf, off
shelf, draft, in review, turned down, forced down by the platform), with SKUs, month and day
rent plans, sale prices, packages, stock and pictures drawn at load time.

Everything goes through the services the calls use: `goods_save`, `goods_status_update`,
`addon_create`, the upload path (`picture_store`) and, for the platform's part, governance
(review setting, review decisions, force take-down). Runs in the merchant's schema (the
caller enters it). Safe to run again: goods and add-ons that exist by name are left as they
are, so a second run writes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any

from django.core.files.uploadedfile import SimpleUploadedFile

from tenants.catalog.selectors import goods_classes, platform_goods_filter
from zulin.core.auth import Session

from .demo_pictures import product_picture
from .governance import goods_force_down, goods_review, merchant_review_setting_set, review_required
from .models import Addon, Goods, GoodsStatus
from .schemas import GainIn, GoodsIn
from .services import addon_create, addon_status_set, goods_save, goods_status_update
from .uploads import picture_store

if TYPE_CHECKING:
    from tenants.merchants.models import Merchant

# The states a showcase goods item ends in: the goods statuses, plus the platform's decisions.
REVIEW_APPROVED = "approved"  # submitted for review, approved: on shelf
REVIEW_REJECTED = "rejected"  # submitted for review, turned down: off shelf with the reason
FORCED_DOWN = "forced_down"  # on shelf, then taken down by the platform
REVIEWED = (GoodsStatus.IN_REVIEW, REVIEW_APPROVED, REVIEW_REJECTED)
SHELVED = {GoodsStatus.ON_SHELF, GoodsStatus.OFF_SHELF, FORCED_DOWN}


@dataclass(frozen=True)
class Gain:
    key: str
    name: str
    gain_type: str
    price: str
    description: str
    is_required: bool = False
    enabled: bool = True


@dataclass(frozen=True)
class Product:
    title: str
    category: str  # the name of a leaf category (tenants.catalog seeds them)
    brand: str
    kind: str  # picture kind (demo_pictures.KINDS) and what plans and packages it gets
    value: str  # the market price of its first SKU, CNY
    state: str
    # spec name → options; the last spec's options raise the value by `step` each
    specs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    step: str = "0.15"
    fineness: str = "new"
    sub_shops: tuple[str, ...] = ()  # keys of the sub-shops selling it alone
    # Its month plans' whole deposit may be covered by Zhima credit (docs/zhima.md): the
    # deposit-free leases' own goods, which no other story of the demo orders.
    deposit_free: bool = False
    note: str = ""  # the platform's reason when it turns the goods down or forces them down


@dataclass(frozen=True)
class Catalogue:
    gains: tuple[Gain, ...]
    products: tuple[Product, ...]
    channels: tuple[str, ...] = ("alipay_mini", "wechat_mini", "h5")


@dataclass
class ShowcaseResult:
    goods_created: int = 0
    gains_created: int = 0
    states: dict[str, int] = field(default_factory=dict)


CENT = Decimal("0.01")

# term, unit, rent per period, deposit and buyout as shares of the value (buyout None: 1.00),
# whether the goods become the customer's
Plan = tuple[int, str, str, str, str | None, bool]
MONTH_PLANS: tuple[Plan, ...] = (
    (12, "month", "0.11", "0.20", None, True),
    (6, "month", "0.18", "0.20", "0.15", True),
)
DAY_PLANS: tuple[Plan, ...] = (
    (7, "day", "0.015", "0.50", "0.90", False),
    (15, "day", "0.011", "0.50", "0.90", False),
    (30, "day", "0.008", "0.50", "0.90", False),
)
PLANS_BY_KIND: dict[str, tuple[Plan, ...]] = {
    "phone": MONTH_PLANS,
    "laptop": MONTH_PLANS,
    "tablet": MONTH_PLANS,
    "camera": (MONTH_PLANS[0], DAY_PLANS[0], DAY_PLANS[2]),
    "console": (MONTH_PLANS[0], DAY_PLANS[0], DAY_PLANS[2]),
    "vr": (MONTH_PLANS[0], DAY_PLANS[0], DAY_PLANS[2]),
    "drone": (MONTH_PLANS[0], DAY_PLANS[0], DAY_PLANS[2]),
    "tent": DAY_PLANS,
    "power": DAY_PLANS,
}
# package name → add-on keys, per kind; every package bundles the first rent plan
PACKAGES_BY_KIND: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "phone": (("标准租赁", ()), ("无忧套餐", ("screen", "delivery"))),
    "tablet": (("标准租赁", ()), ("无忧套餐", ("screen", "delivery"))),
    "laptop": (("无忧套餐", ("full_cover", "delivery")), ("尊享套餐", ("full_cover", "warranty"))),
    "camera": (("标准租赁", ()), ("创作套餐", ("sdcard", "full_cover", "delivery"))),
    "drone": (("标准租赁", ()), ("航拍套餐", ("sdcard", "full_cover"))),
    "console": (("标准租赁", ()), ("无忧套餐", ("full_cover", "delivery"))),
    "vr": (("标准租赁", ()), ("无忧套餐", ("full_cover",))),
    "tent": (("自提", ()), ("送货上门", ("delivery", "clean"))),
    "power": (("自提", ()), ("送货上门", ("delivery",))),
}
# Sold outright too (the rest rent only).
SELLABLE = {"phone", "laptop", "tablet", "console"}

COLOURS = ("黑色", "白色")
STORAGE = ("256G", "512G")

DEMO_CATALOGUE = Catalogue(
    gains=(
        Gain("screen", "碎屏意外保障", "damage_cover", "99.00", "租期内屏幕意外碎裂免费维修一次"),
        Gain(
            "full_cover",
            "全面意外保障",
            "damage_cover",
            "199.00",
            "意外跌落、进水、碰撞损坏均可维修，限一次",
        ),
        Gain("charger", "原装快充套装", "accessory", "149.00", "原装充电头与数据线，随机寄出"),
        Gain("sdcard", "128G 高速存储卡", "accessory", "89.00", "V30 高速卡，4K 视频无压力"),
        Gain("warranty", "延长保修 12 个月", "warranty", "299.00", "买断后继续享受官方同等保修"),
        Gain("delivery", "顺丰上门送取", "delivery", "30.00", "发货与归还均由顺丰上门，免去跑腿"),
        Gain("clean", "清洁消毒", "other", "19.90", "每次出租前深度清洁消毒", is_required=True),
        Gain(
            "old_cover",
            "旧版碎屏险",
            "damage_cover",
            "59.00",
            "已由碎屏意外保障取代",
            enabled=False,
        ),
    ),
    products=(
        # phones
        Product(
            "Apple iPhone 15 Pro",
            "手机",
            "Apple",
            "phone",
            "7999.00",
            GoodsStatus.ON_SHELF,
            (("颜色", ("原色钛金属", "黑色钛金属")), ("容量", STORAGE)),
        ),
        Product(
            "Apple iPhone 15",
            "手机",
            "Apple",
            "phone",
            "5999.00",
            GoodsStatus.ON_SHELF,
            (("颜色", ("黑色", "粉色", "蓝色")), ("容量", ("128G", "256G"))),
        ),
        Product(
            "华为 Mate 60 Pro",
            "手机",
            "华为",
            "phone",
            "6999.00",
            GoodsStatus.ON_SHELF,
            (("颜色", ("雅丹黑", "白沙银")), ("容量", STORAGE)),
            sub_shops=("east",),
        ),
        Product(
            "小米 14 Ultra",
            "手机",
            "小米",
            "phone",
            "6499.00",
            GoodsStatus.ON_SHELF,
            (("颜色", COLOURS), ("容量", STORAGE)),
        ),
        Product(
            "OPPO Find X7 Ultra",
            "手机",
            "OPPO",
            "phone",
            "5999.00",
            GoodsStatus.IN_REVIEW,
            (("颜色", ("海阔天空", "大漠银月")), ("容量", STORAGE)),
        ),
        Product(
            "vivo X100 Pro",
            "手机",
            "vivo",
            "phone",
            "4999.00",
            GoodsStatus.OFF_SHELF,
            (("颜色", ("辰夜黑", "星迹蓝")), ("容量", STORAGE)),
        ),
        Product(
            "荣耀 Magic6 Pro（95新）",
            "手机",
            "荣耀",
            "phone",
            "3999.00",
            GoodsStatus.DRAFT,
            (("容量", STORAGE),),
            fineness="95",
        ),
        Product(
            "三星 Galaxy S24 Ultra",
            "手机",
            "三星",
            "phone",
            "8999.00",
            FORCED_DOWN,
            (("颜色", ("钛灰", "钛黑")), ("容量", STORAGE)),
            note="月租与市场价严重不符",
        ),
        # laptops
        Product(
            "MacBook Air 13 英寸 M3",
            "电脑",
            "Apple",
            "laptop",
            "8999.00",
            GoodsStatus.ON_SHELF,
            (("颜色", ("午夜色", "星光色")), ("配置", ("8G+256G", "16G+512G"))),
            step="0.25",
        ),
        Product(
            "MacBook Pro 14 英寸 M3 Pro",
            "电脑",
            "Apple",
            "laptop",
            "14999.00",
            GoodsStatus.ON_SHELF,
            (("配置", ("18G+512G", "18G+1T")),),
            step="0.12",
            sub_shops=("west", "north"),
        ),
        Product(
            "联想 ThinkPad X1 Carbon 2024",
            "电脑",
            "联想",
            "laptop",
            "10999.00",
            GoodsStatus.ON_SHELF,
            (("配置", ("i7/32G/1T",)),),
        ),
        Product(
            "华为 MateBook X Pro 2024",
            "电脑",
            "华为",
            "laptop",
            "9999.00",
            REVIEW_APPROVED,
            (("颜色", ("墨蓝", "宝石蓝")),),
        ),
        Product(
            "戴尔 XPS 13 9340",
            "电脑",
            "戴尔",
            "laptop",
            "8999.00",
            GoodsStatus.OFF_SHELF,
            (("配置", ("16G+512G", "32G+1T")),),
            step="0.2",
        ),
        Product(
            "联想拯救者 Y9000P 游戏本",
            "电脑",
            "联想",
            "laptop",
            "9999.00",
            REVIEW_REJECTED,
            (("配置", ("RTX 4060", "RTX 4070")),),
            step="0.12",
            note="商品图片与实物不符，请上传实拍图",
        ),
        # tablets
        Product(
            "iPad Pro 11 英寸 M4",
            "平板",
            "Apple",
            "tablet",
            "8999.00",
            GoodsStatus.ON_SHELF,
            (("颜色", ("深空黑", "银色")), ("容量", STORAGE)),
        ),
        Product(
            "iPad Air 11 英寸 M2",
            "平板",
            "Apple",
            "tablet",
            "4799.00",
            GoodsStatus.ON_SHELF,
            (("颜色", ("深空灰", "星光色", "紫色")), ("容量", ("128G", "256G"))),
        ),
        Product(
            "华为 MatePad Pro 13.2",
            "平板",
            "华为",
            "tablet",
            "5199.00",
            GoodsStatus.DRAFT,
            (("容量", STORAGE),),
        ),
        # cameras
        Product(
            "索尼 A7M4 全画幅微单",
            "相机",
            "索尼",
            "camera",
            "16999.00",
            GoodsStatus.ON_SHELF,
            (("套装", ("单机身", "24-70mm 镜头套装")),),
            step="0.5",
        ),
        Product(
            "佳能 EOS R6 Mark II",
            "相机",
            "佳能",
            "camera",
            "15999.00",
            GoodsStatus.ON_SHELF,
            (("套装", ("单机身", "24-105mm 镜头套装")),),
            step="0.4",
        ),
        Product(
            "富士 X-T5",
            "相机",
            "富士",
            "camera",
            "12999.00",
            GoodsStatus.IN_REVIEW,
            (("颜色", ("黑色", "银色")),),
        ),
        Product(
            "大疆 Osmo Pocket 3",
            "相机",
            "大疆",
            "camera",
            "3499.00",
            GoodsStatus.ON_SHELF,
            (("套装", ("标准版", "全能套装")),),
            step="0.3",
            sub_shops=("east",),
            deposit_free=True,
        ),
        Product(
            "GoPro HERO12 Black",
            "相机",
            "GoPro",
            "camera",
            "3198.00",
            GoodsStatus.OFF_SHELF,
            (("套装", ("标准版", "潜水套装")),),
            step="0.2",
        ),
        Product(
            "尼康 Z8（9成新）",
            "相机",
            "尼康",
            "camera",
            "19999.00",
            FORCED_DOWN,
            (("套装", ("单机身",)),),
            fineness="90",
            note="成色描述与用户收货实物不符",
        ),
        # game consoles and VR
        Product(
            "索尼 PS5 光驱版",
            "游戏主机",
            "索尼",
            "console",
            "3899.00",
            GoodsStatus.ON_SHELF,
            (("套装", ("单手柄", "双手柄")),),
        ),
        Product(
            "任天堂 Switch OLED",
            "游戏主机",
            "任天堂",
            "console",
            "2599.00",
            GoodsStatus.ON_SHELF,
            (("颜色", ("白色", "电光红蓝")),),
        ),
        Product(
            "Xbox Series X",
            "游戏主机",
            "微软",
            "console",
            "3899.00",
            GoodsStatus.OFF_SHELF,
            (("容量", ("1T",)),),
        ),
        Product(
            "Steam Deck OLED",
            "游戏主机",
            "Valve",
            "console",
            "3999.00",
            GoodsStatus.DRAFT,
            (("容量", ("512G", "1T")),),
        ),
        Product(
            "Meta Quest 3",
            "VR 设备",
            "Meta",
            "vr",
            "3999.00",
            GoodsStatus.ON_SHELF,
            (("容量", ("128G", "512G")),),
            step="0.25",
        ),
        Product(
            "PICO 4 Ultra",
            "VR 设备",
            "PICO",
            "vr",
            "3999.00",
            GoodsStatus.IN_REVIEW,
            (("容量", ("256G",)),),
        ),
        # drones and camping
        Product(
            "大疆 Mini 4 Pro",
            "无人机",
            "大疆",
            "drone",
            "4788.00",
            GoodsStatus.ON_SHELF,
            (("套装", ("标准版", "畅飞套装")),),
            step="0.3",
        ),
        Product(
            "大疆 Air 3",
            "无人机",
            "大疆",
            "drone",
            "6988.00",
            GoodsStatus.ON_SHELF,
            (("套装", ("标准版", "畅飞套装")),),
            step="0.3",
            sub_shops=("west",),
        ),
        Product(
            "大疆 Avata 2 穿越机",
            "无人机",
            "大疆",
            "drone",
            "5988.00",
            GoodsStatus.DRAFT,
            (("套装", ("畅飞套装",)),),
        ),
        Product(
            "牧高笛 自动速开帐篷 3-4 人",
            "露营装备",
            "牧高笛",
            "tent",
            "899.00",
            GoodsStatus.ON_SHELF,
            (("颜色", ("沙色", "军绿")),),
        ),
        Product(
            "挪客 天幕桌椅露营套装",
            "露营装备",
            "挪客",
            "tent",
            "1299.00",
            GoodsStatus.ON_SHELF,
            (("规格", ("4 人套装", "6 人套装")),),
            step="0.3",
            sub_shops=("north",),
        ),
        Product(
            "正浩 EcoFlow 户外电源 1000W",
            "露营装备",
            "正浩",
            "power",
            "4999.00",
            GoodsStatus.OFF_SHELF,
            (("容量", ("1024Wh",)),),
        ),
    ),
)

ACME_CATALOGUE = Catalogue(
    gains=(
        Gain("screen", "碎屏保障", "damage_cover", "129.00", "屏幕意外碎裂维修一次"),
        Gain("full_cover", "意外保障", "damage_cover", "229.00", "意外损坏维修一次"),
        Gain("delivery", "同城闪送", "delivery", "25.00", "深圳市内两小时送达"),
    ),
    products=(
        Product(
            "Apple iPhone 15 Pro Max",
            "手机",
            "Apple",
            "phone",
            "9999.00",
            GoodsStatus.ON_SHELF,
            (("容量", STORAGE),),
        ),
        Product(
            "MacBook Pro 16 英寸 M3 Max",
            "电脑",
            "Apple",
            "laptop",
            "26999.00",
            GoodsStatus.ON_SHELF,
            (("配置", ("36G+1T",)),),
        ),
        Product(
            "大疆 Mavic 3 Pro",
            "无人机",
            "大疆",
            "drone",
            "13888.00",
            GoodsStatus.OFF_SHELF,
            (("套装", ("畅飞套装",)),),
        ),
        Product(
            "索尼 ZV-E10 Vlog 相机",
            "相机",
            "索尼",
            "camera",
            "5499.00",
            GoodsStatus.DRAFT,
            (("套装", ("单机身", "16-50mm 镜头套装")),),
            step="0.15",
        ),
    ),
)


def _money(value: Decimal) -> Decimal:
    """Whole yuan for prices from 20 up, ten fen below: prices people would set."""
    unit = Decimal("1") if value >= 20 else Decimal("0.1")
    return max(value.quantize(unit, rounding=ROUND_HALF_UP), Decimal("0.1")).quantize(CENT)


def _skus(product: Product) -> list[tuple[dict[str, str], Decimal]]:
    """Every combination of the specs, with its value."""
    combos: list[dict[str, str]] = [{}]
    for name, options in product.specs:
        combos = [{**combo, name: option} for combo in combos for option in options]
    last = product.specs[-1] if product.specs else ("", ())
    step = Decimal(product.step)
    rows = []
    for combo in combos:
        rank = last[1].index(combo[last[0]]) if last[0] else 0
        rows.append((combo, Decimal(product.value) * (1 + step * rank)))
    return rows


def _payload(
    product: Product,
    *,
    number: int,
    category_id: int,
    pictures: list[str],
    gain_ids: dict[str, int],
    sub_shop_ids: dict[str, int],
    channels: tuple[str, ...],
) -> dict[str, Any]:
    skus = _skus(product)
    spu_list, rent_list, sell_list = [], [], []
    for index, (specs, value) in enumerate(skus):
        code = f"D{number:02d}{index:02d}"
        spu_list.append({"specs": specs, "code": code, "stock": 2 + (number * 7 + index * 3) % 11})
        for term, unit, rent, deposit, buyout, ownership in PLANS_BY_KIND[product.kind]:
            rent_list.append(
                {
                    "sku_index": index,
                    "term": term,
                    "term_unit": unit,
                    "rent": _money(value * Decimal(rent)),
                    "deposit": _money(value * Decimal(deposit)),
                    "buyout_price": _money(value * Decimal(buyout)) if buyout else Decimal("1.00"),
                    "ownership_transfer": ownership,
                    "credit_deposit_max": (
                        _money(value * Decimal(deposit))
                        if product.deposit_free and unit == "month"
                        else Decimal("0.00")
                    ),
                }
            )
        if product.kind in SELLABLE:
            sell_list.append(
                {
                    "sku_index": index,
                    "price": _money(value),
                    "original_price": _money(value * Decimal("1.12")),
                }
            )
    package_list = [
        {"name": name, "rent_index": 0, "gain_ids": [gain_ids[key] for key in keys]}
        for name, keys in PACKAGES_BY_KIND[product.kind]
        if all(key in gain_ids for key in keys)
    ]
    plan_names = "、".join(
        sorted(
            {"月租" if unit == "month" else "日租" for _, unit, *_ in PLANS_BY_KIND[product.kind]}
        )
    )
    return {
        "title": product.title,
        "category_id": category_id,
        "brand": product.brand,
        "fineness": product.fineness,
        "pictures": pictures,
        "description": (
            f"<p>{product.title}，支持{plan_names}，签约后 48 小时内发货。</p>"
            "<ul><li>正品行货，出租前逐台检测</li><li>租满可按方案买断</li>"
            "<li>芝麻信用分达标可减免押金</li></ul>"
        ),
        "channels": list(channels),
        "sub_shop_ids": [sub_shop_ids[key] for key in product.sub_shops if key in sub_shop_ids],
        "spu_list": spu_list,
        "rent_list": rent_list,
        "sell_list": sell_list,
        "package_list": package_list,
    }


def _pictures(kind: str, number: int) -> list[str]:
    urls = []
    for palette in (number, number + 3):
        upload = SimpleUploadedFile(
            f"{kind}-{palette}.png", product_picture(kind, palette), content_type="image/png"
        )
        urls.append(picture_store(upload=upload, folder="goods"))
    return urls


def gains_showcase_load(*, actor: Session, gains: tuple[Gain, ...]) -> tuple[dict[str, int], int]:
    """The add-on services (missing ones made); answers enabled key → id and how many it made."""
    existing = {gain.name: gain for gain in Addon.objects.all()}
    ids: dict[str, int] = {}
    created = 0
    for sort, entry in enumerate(gains):
        gain = existing.get(entry.name)
        if gain is None:
            data = GainIn(
                name=entry.name,
                gain_type=entry.gain_type,
                price=Decimal(entry.price),
                description=entry.description,
                is_required=entry.is_required,
                sort=(sort + 1) * 10,
            )
            gain = addon_create(actor=actor, data=data)
            created += 1
            if not entry.enabled:
                gain = addon_status_set(actor=actor, addon_id=gain.pk, status=0)
        if gain.status == 1:
            ids[entry.key] = gain.pk
    return ids, created


def goods_showcase_load(
    *,
    actor: Session,
    platform_actor: Session,
    merchant: Merchant,
    catalogue: Catalogue,
    sub_shop_ids: dict[str, int] | None = None,
) -> ShowcaseResult:
    """The catalogue's add-ons and goods, each brought to its state. `actor` is the merchant's
    owner; `platform_actor` makes the platform's decisions (review, force take-down)."""
    result = ShowcaseResult()
    gain_ids, result.gains_created = gains_showcase_load(actor=actor, gains=catalogue.gains)
    classes = {entry["name"]: entry["id"] for entry in goods_classes()}
    if not classes:
        return result  # no category to file goods under: an operator removed them all
    existing = set(Goods.objects.filter(is_deleted=False).values_list("title", flat=True))
    made: dict[str, list[Goods]] = {}
    for number, product in enumerate(catalogue.products, start=1):
        if product.title in existing:
            continue
        payload = _payload(
            product,
            number=number,
            category_id=classes.get(product.category, next(iter(classes.values()))),
            pictures=_pictures(product.kind, number),
            gain_ids=gain_ids,
            sub_shop_ids=sub_shop_ids or {},
            channels=catalogue.channels,
        )
        goods = goods_save(
            actor=actor, data=GoodsIn.model_validate(payload), activate=product.state in SHELVED
        )
        if product.state == GoodsStatus.OFF_SHELF:
            goods_status_update(actor=actor, ids=[goods.pk], status=GoodsStatus.OFF_SHELF)
        made.setdefault(product.state, []).append(goods)
        result.goods_created += 1
    notes = {product.title: product.note for product in catalogue.products}
    to_review = [goods for state in REVIEWED for goods in made.get(state, [])]
    if to_review:
        _submit_for_review(
            actor=actor, platform_actor=platform_actor, merchant=merchant, goods=to_review
        )
    for state, approve in ((REVIEW_APPROVED, True), (REVIEW_REJECTED, False)):
        for goods in made.get(state, []):
            goods_review(
                actor=platform_actor,
                platform_goods_id=_platform_goods_id(merchant, goods),
                approve=approve,
                reason=notes[goods.title],
            )
    for goods in made.get(FORCED_DOWN, []):
        goods_force_down(
            actor=platform_actor,
            platform_goods_id=_platform_goods_id(merchant, goods),
            reason_code="other",
            reason_text=notes[goods.title],
        )
    result.states = {state: len(goods) for state, goods in made.items()}
    return result


def _submit_for_review(
    *, actor: Session, platform_actor: Session, merchant: Merchant, goods: list[Goods]
) -> None:
    """Puts `goods` on shelf while the platform reviews this merchant's goods, so they wait
    for its review; the setting is then as it was."""
    was_required = review_required(merchant)
    if not was_required:
        merchant_review_setting_set(actor=platform_actor, merchant=merchant, need_review=True)
    goods_status_update(actor=actor, ids=[g.pk for g in goods], status=GoodsStatus.ON_SHELF)
    if not was_required:
        merchant_review_setting_set(actor=platform_actor, merchant=merchant, need_review=False)


def _platform_goods_id(merchant: Merchant, goods: Goods) -> int:
    return platform_goods_filter(merchant_id=merchant.pk).get(goods_id=goods.pk).pk

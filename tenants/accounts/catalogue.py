"""The access catalogue: every action, system role and menu entry of both sides.

`catalogue_sync(apps)` makes the database match it (idempotent); data migrations call it, so
a feature that adds entries adds a migration that syncs again. Menu entries list every
screen of the product; the front end shows only those whose page it has built.
"""

from __future__ import annotations

from typing import Any

ADMIN, STORE = 0, 1

ACTIONS: dict[int, dict[str, str]] = {
    ADMIN: {
        "goods.view": "查看商品",
        "goods.govern": "商品强制下架与展示",
        "category.manage": "管理商品分类",
        "addon.manage": "管理增值服务",
        "order.view": "查看订单",
        "order.manage": "处理订单",
        "finance.view": "查看财务账单",
        "withdrawal.audit": "审核提现",
        "reconciliation.resolve": "处理对账差异",
        "merchant.manage": "管理商户",
        "recharge.audit": "审核风控充值",
        "data.view": "查看数据中心",
        "staff.manage": "管理平台员工",
    },
    STORE: {
        "goods.view": "查看商品",
        "goods.edit": "编辑商品",
        "addon.manage": "管理增值服务",
        "order.view": "查看订单",
        "order.view_assigned": "查看分配给我的订单",
        "order.audit": "审核订单",
        "order.manage": "处理订单",
        "order.ship": "发货与收货",
        "order.remark": "订单备注",
        "order.identity": "查看客户完整身份信息",
        "intake.manage": "管理小程序接入密钥",
        # The developers' screen (docs/webhooks.md, docs/api-keys.md): webhook endpoints and
        # their deliveries, API keys; the owner's.
        "webhook.manage": "管理 Webhook 与 API 密钥",
        "suborder.view": "查看子商户订单",
        "finance.view": "查看财务账单",
        "finance.manage": "登记线下还款与提前结清",
        # Forgo what an order still owes (a bill or charge), with a reason: the owner's
        # alone unless a custom role is given it.
        "finance.waive": "减免欠款",
        "withdrawal.view": "查看提现",
        "withdrawal.apply": "申请提现",
        "subshop.view": "查看子商户",
        "subshop.manage": "管理子商户",
        "staff.manage": "管理员工",
        "promotion.manage": "管理推广链接",
        "risk.recharge": "风控充值",
        "service.config": "客服配置",
        # Customer service: messages to customers; the customers list and the blacklist.
        "service.message": "给客户发送短信",
        "customer.view": "查看客户",
        "customer.blacklist": "管理客户黑名单",
        "data.view": "查看数据中心",
        "credit.view": "查看征信报送",
        "credit.manage": "征信报送",
        "notary.manage": "合同公证",
        "notary.config": "公证服务设置",
        # Recovery (apps.recovery): every case; the cases assigned to the account (or a
        # sub-shop's, for its account); assigning them; the recovery settings.
        "recovery.view": "查看全部催收案件",
        "recovery.work": "跟进催收案件",
        "recovery.assign": "分配催收案件",
        "recovery.config": "催收设置",
        # Write off a case's debt long past due, with a reason (owner, finance).
        "recovery.writeoff": "核销坏账",
        # Make and download an order's evidence pack (docs/disputes.md): owner and finance.
        "dispute.evidence": "生成与下载证据包",
        # Customers' requests about their personal information (docs/privacy.md): the log,
        # its handlers and answers (owner, customer service).
        "privacy.manage": "处理个人信息请求",
        # Who was shown a whole phone or ID number, when and why (the reveal log): the
        # owner's alone ("*"), so those who reveal do not review themselves.
        "privacy.reveals": "查看完整信息查看记录",
        # Devices by serial and IMEI (apps.assets, docs/assets.md): see them; receive them
        # from suppliers (suppliers, stock receipts, scans); move them between the warehouse
        # and sub-shops; write them off, find them, restock them or record their serial.
        "asset.view": "查看设备",
        "asset.receive": "采购入库",
        "asset.transfer": "设备调拨",
        "asset.adjust": "设备调整",
    },
}

# The system roles' names in English, by code (their Chinese names are stored with the role).
ROLE_NAMES_EN: dict[str, str] = {
    "platform_admin": "Platform admin",
    "platform_operator": "Platform operator",
    "platform_finance": "Platform finance",
    "platform_auditor": "Platform auditor",
    "owner": "Merchant admin",
    "auditor": "Auditor",
    "salesman": "Salesman",
    "finance": "Finance",
    "customer_service": "Customer service",
    "sub_merchant": "Sub-merchant",
    "collector": "Collector",
    "warehouse": "Warehouse",
}

# code, name, actions ("*" = every action of the side)
ROLES: dict[int, list[tuple[str, str, list[str]]]] = {
    ADMIN: [
        ("platform_admin", "平台管理员", ["*"]),
        (
            "platform_operator",
            "平台运营",
            [
                "goods.view",
                "goods.govern",
                "category.manage",
                "addon.manage",
                "order.view",
                "merchant.manage",
                "data.view",
            ],
        ),
        (
            "platform_finance",
            "平台财务",
            [
                "finance.view",
                "withdrawal.audit",
                "reconciliation.resolve",
                "recharge.audit",
                "order.view",
                "data.view",
            ],
        ),
        # Reads what the platform sees, changes nothing: for audits and reviews.
        (
            "platform_auditor",
            "平台审计",
            ["goods.view", "order.view", "finance.view", "data.view"],
        ),
    ],
    STORE: [
        ("owner", "商户管理员", ["*"]),
        (
            "auditor",
            "审核员",
            [
                "order.view",
                "order.audit",
                "order.remark",
                "goods.view",
                "customer.view",
                "customer.blacklist",
                "notary.manage",
            ],
        ),
        (
            "salesman",
            "业务员",
            ["order.view_assigned", "order.remark", "goods.view", "promotion.manage"],
        ),
        (
            "finance",
            "财务",
            [
                "finance.view",
                "finance.manage",
                "withdrawal.view",
                "withdrawal.apply",
                "risk.recharge",
                "order.view",
                "data.view",
                "credit.view",
                "credit.manage",
                "recovery.view",
                "recovery.work",
                "recovery.assign",
                "recovery.writeoff",
                "dispute.evidence",
            ],
        ),
        (
            "customer_service",
            "客服",
            [
                "order.view",
                "order.remark",
                "service.config",
                "service.message",
                "customer.view",
                "privacy.manage",
            ],
        ),
        (
            "sub_merchant",
            "子商户",
            [
                "suborder.view",
                "order.ship",
                "order.remark",
                "goods.view",
                "subshop.view",
                # Its own sub-shop's share links (apps.promotion scopes them).
                "promotion.manage",
                "service.message",
                "data.view",  # its own sub-shop's figures (branch `data`)
                "recovery.work",  # its own sub-shop's cases
                "asset.view",  # its own sub-shop's units
                "asset.transfer",  # transfers from or to its own sub-shop
            ],
        ),
        # Works the recovery cases assigned to it (apps.recovery), nothing else of the shop.
        ("collector", "催收员", ["recovery.work"]),
        # 仓管: the shop's devices — receiving, labels, transfers, adjustments — and shipping.
        (
            "warehouse",
            "仓管",
            [
                "asset.view",
                "asset.receive",
                "asset.transfer",
                "asset.adjust",
                "order.ship",
                "order.view",
                "goods.view",
            ],
        ),
    ],
}

Menu = dict[str, Any]


def _leaf(name: str, name_en: str, path: str, icon: str, action: str | None) -> Menu:
    return {"name": name, "name_en": name_en, "path": path, "icon": icon, "action": action}


def _group(name: str, name_en: str, icon: str, children: list[Menu]) -> Menu:
    return {"name": name, "name_en": name_en, "path": "#", "icon": icon, "children": children}


def _order_lists(prefix: str, action: str) -> list[Menu]:
    return [
        _leaf("常规订单", "Regular orders", f"/{prefix}regularOrder", "order", action),
        _leaf("成交订单", "Deal-closed orders", f"/{prefix}dealingOrder", "order", action),
        _leaf("逾期订单", "Overdue orders", f"/{prefix}overdueOrder", "order", action),
        _leaf("完结订单", "Finished orders", f"/{prefix}finishedOrder", "order", action),
        _leaf("售后订单", "After-sale orders", f"/{prefix}afterSaleOrder", "order", action),
    ]


WORKBENCH = _leaf("工作台", "Workbench", "/", "home", None)
DATA_CENTER = _leaf("数据中心", "Data center", "/dataCenter", "chart", "data.view")
# The platform's aging: every merchant's recovery debt by bucket (tenants.dashboard).
PLATFORM_AGING = _leaf("账龄分析", "Debt aging", "/aging", "chart", "data.view")

MENUS: dict[int, list[Menu]] = {
    ADMIN: [
        WORKBENCH,
        _group(
            "商品管理",
            "Goods",
            "goods",
            [
                _leaf("商品管理", "Goods", "/productManage", "goods", "goods.view"),
                _leaf("商品分类", "Categories", "/productCategory", "category", "category.manage"),
                _leaf("增值服务", "Add-on services", "/addServeManage", "service", "addon.manage"),
            ],
        ),
        _group("订单管理", "Orders", "order", _order_lists("", "order.view")),
        _group(
            "财务管理",
            "Finance",
            "finance",
            [
                _leaf("收支账单", "Bills", "/billList", "finance", "finance.view"),
                _leaf("提现管理", "Withdrawals", "/cashWithdrawal", "finance", "withdrawal.audit"),
                _leaf("渠道对账", "Reconciliation", "/reconciliation", "finance", "finance.view"),
            ],
        ),
        _group(
            "商户管理",
            "Merchants",
            "merchant",
            [
                _leaf("商户管理", "Merchants", "/merchant", "merchant", "merchant.manage"),
            ],
        ),
        _group(
            "风控管理",
            "Risk",
            "risk",
            [
                _leaf("充值审核", "Recharge audit", "/rechargeAudit", "risk", "recharge.audit"),
            ],
        ),
        _group(
            "系统管理",
            "System",
            "setting",
            [
                _leaf("员工管理", "Staff", "/staff", "user", "staff.manage"),
            ],
        ),
        DATA_CENTER,
        PLATFORM_AGING,
    ],
    STORE: [
        WORKBENCH,
        _group(
            "商品管理",
            "Goods",
            "goods",
            [
                _leaf("商品管理", "Goods", "/productManage", "goods", "goods.view"),
                _leaf("增值服务", "Add-on services", "/addServeManage", "service", "addon.manage"),
            ],
        ),
        _group("订单管理", "Orders", "order", _order_lists("", "order.view")),
        _group("子商户订单", "Sub-shop orders", "order", _order_lists("s_", "suborder.view")),
        _group(
            "财务管理",
            "Finance",
            "finance",
            [
                _leaf("收支账单", "Bills", "/billList", "finance", "finance.view"),
                _leaf("提现管理", "Withdrawals", "/cashWithdrawal", "finance", "withdrawal.view"),
                _leaf(
                    "申请提现",
                    "Apply for withdrawal",
                    "/applyWithdrawal",
                    "finance",
                    "withdrawal.apply",
                ),
            ],
        ),
        _group(
            "仓库管理",
            "Warehouse",
            "warehouse",
            [
                _leaf("设备管理", "Devices", "/assets", "warehouse", "asset.view"),
                _leaf("采购入库", "Stock receipts", "/stockReceipts", "warehouse", "asset.receive"),
                _leaf("设备调拨", "Transfers", "/stockTransfers", "warehouse", "asset.transfer"),
                # Carrier waybills out and back, labels and pickups (docs/logistics.md).
                _leaf("物流运单", "Shipments", "/shipments", "warehouse", "order.view"),
                # What each device earned, by SKU, category and place (docs/assets.md).
                _leaf("资产报表", "Asset report", "/assetReport", "warehouse", "asset.view"),
            ],
        ),
        _group(
            "店铺管理",
            "Shop",
            "shop",
            [
                _leaf("子商户管理", "Sub-shops", "/subMerchant", "shop", "subshop.view"),
                _leaf("员工管理", "Staff", "/staff", "user", "staff.manage"),
                _leaf("客服配置", "Customer service", "/baseSet", "setting", "service.config"),
                _leaf("开发者", "Developers", "/developers", "setting", "webhook.manage"),
            ],
        ),
        _group(
            "客户管理",
            "Customers",
            "user",
            [
                _leaf("客户列表", "Customers", "/customers", "user", "customer.view"),
                # Customers' requests about their personal information (issue 67).
                _leaf(
                    "个人信息请求",
                    "Privacy requests",
                    "/privacyRequests",
                    "user",
                    "privacy.manage",
                ),
            ],
        ),
        _group(
            "催收管理",
            "Recovery",
            "finance",
            [
                _leaf("催收工作台", "Recovery workbench", "/recovery", "finance", "recovery.work"),
                _leaf("催收报表", "Recovery report", "/recoveryReport", "finance", "recovery.view"),
            ],
        ),
        _group(
            "推广管理",
            "Promotion",
            "promotion",
            [
                _leaf("H5推广", "H5 promotion", "/h5Promotion", "promotion", "promotion.manage"),
            ],
        ),
        _group(
            "风控管理",
            "Risk",
            "risk",
            [
                _leaf("风控充值", "Risk recharge", "/riskRecharge", "risk", "risk.recharge"),
                _leaf("征信报送", "Credit reporting", "/creditReport", "risk", "credit.view"),
            ],
        ),
        DATA_CENTER,
    ],
}

PRIVACY_POLICY = {
    "version": "2026-11",
    "title": "隐私政策",
    "content": (
        "本平台仅为提供信用租赁后台服务收集必要的信息：账号、手机号、登录日志，以及商户为履行"
        "租赁合同录入的订单与账单数据。\n"
        "一、数据按商户隔离存储，其他商户无法访问；平台运营人员仅在审核、结算与合规需要时查阅。\n"
        "二、手机号仅用于登录验证与找回密码，验证码以摘要形式保存，5分钟后失效。\n"
        "三、您可以联系平台客服查询、更正或删除您的个人信息。"
    ),
}


def catalogue_sync(apps: Any) -> None:
    Action = apps.get_model("accounts", "Action")
    Role = apps.get_model("accounts", "Role")
    MenuModel = apps.get_model("accounts", "Menu")
    PrivacyPolicy = apps.get_model("accounts", "PrivacyPolicy")

    for side, actions in ACTIONS.items():
        for code, name in actions.items():
            Action.objects.update_or_create(platform_type=side, code=code, defaults={"name": name})
        by_code = {a.code: a for a in Action.objects.filter(platform_type=side)}
        for sort, (code, name, granted) in enumerate(ROLES[side]):
            role, _ = Role.objects.update_or_create(
                platform_type=side,
                merchant=None,
                code=code,
                defaults={"name": name, "sort": sort},
            )
            codes = list(actions) if granted == ["*"] else granted
            role.actions.set([by_code[c] for c in codes])
        _sync_menus(MenuModel, by_code, side, MENUS[side], parent=None)

    from django.utils import timezone

    PrivacyPolicy.objects.update_or_create(
        version=PRIVACY_POLICY["version"],
        defaults={
            "title": PRIVACY_POLICY["title"],
            "content": PRIVACY_POLICY["content"],
            "published_at": timezone.now(),
        },
    )


def _sync_menus(MenuModel: Any, actions: dict, side: int, entries: list[Menu], parent: Any) -> None:
    for sort, entry in enumerate(entries):
        lookup = {"platform_type": side, "parent": parent, "menu_name": entry["name"]}
        if entry["path"] != "#":
            lookup = {"platform_type": side, "path": entry["path"]}
        menu, _ = MenuModel.objects.update_or_create(
            **lookup,
            defaults={
                "menu_name": entry["name"],
                "menu_name_en": entry["name_en"],
                "path": entry["path"],
                "menu_icon": entry["icon"],
                "parent": parent,
                "sort": (sort + 1) * 10,
                "action": actions.get(entry.get("action") or ""),
            },
        )
        _sync_menus(MenuModel, actions, side, entry.get("children", []), parent=menu)

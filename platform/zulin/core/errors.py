"""The error catalogue: every code the API answers with, and its message in each language.

Every failure is raised as `ApplicationError(ErrorCode.X)`; the envelope is built in
`zulin.core.envelope` only. Codes are HTTP-like where a general class fits (400, 403, 404,
405, 409, 429, 500) and four-digit numbers for domain failures; 109 is the spec's "no valid
session".
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from .i18n import Text


class ErrorCode(IntEnum):
    OK = 200
    NO_SESSION = 109
    VALIDATION = 400
    SIGNATURE_INVALID = 401
    FORBIDDEN = 403
    NOT_FOUND = 404
    METHOD_NOT_ALLOWED = 405
    CONFLICT = 409
    TOO_MANY_REQUESTS = 429
    SERVER_ERROR = 500
    UNAVAILABLE = 503
    UNKNOWN_HOST = 1001
    WRONG_SIDE = 1002
    BAD_CREDENTIALS = 1003
    ACCOUNT_DISABLED = 1004
    MERCHANT_UNAVAILABLE = 1005
    ROLE_NOT_ASSIGNED = 1006
    RESET_CODE_INVALID = 1007
    RESET_CODE_TOO_SOON = 1008
    PASSWORD_TOO_WEAK = 1009
    MALFORMED_BODY = 1010
    SLUG_TAKEN = 1011
    PROVIDER_FAILED = 1012
    MERCHANT_HOLDS_MONEY = 1013
    # 1100-1199: merchants, sub-shops and staff.
    USERNAME_TAKEN = 1100
    IDEMPOTENCY_KEY_REUSED = 1101
    SUB_SHOP_DISABLED = 1102
    # goods catalogue: 1200-1299
    CATEGORY_IN_USE = 1201
    CATEGORY_HAS_CHILDREN = 1202
    CATEGORY_UNAVAILABLE = 1203
    GOODS_INCOMPLETE = 1204
    GOODS_FIELDS_LOCKED = 1205
    GOODS_STATUS_NOT_ALLOWED = 1206
    GOODS_FORCED_DOWN = 1207
    STOCK_INSUFFICIENT = 1208
    RESERVATION_NOT_FOUND = 1209
    UPLOAD_NOT_IMAGE = 1210
    UPLOAD_TOO_LARGE = 1211
    CATEGORY_TOO_DEEP = 1212
    # A SKU tracked by unit: its stock comes from receipts and unit adjustments (apps.assets).
    SKU_TRACKED_BY_UNIT = 1213
    # units (apps.assets): 1230-1249
    UNIT_IDENTIFIER_TAKEN = 1230
    RECEIPT_LINE_FULL = 1231
    # Shipping by scan (apps.orders.devices): the scanned code and the order's SKU and place.
    UNIT_NOT_FOUND = 1240
    UNIT_WRONG_SKU = 1241
    UNIT_NOT_AVAILABLE = 1242
    # A used lease ships a unit of its fineness only (issue 63).
    UNIT_WRONG_GRADE = 1243
    # orders and bills: 1300-1389
    GOODS_NOT_ORDERABLE = 1301
    AFTER_SALE_OPEN = 1302
    DEPOSIT_EXCEEDS_FROZEN = 1303
    BILL_ALREADY_PAID = 1304
    PAYMENT_IN_PROGRESS = 1305
    BUYOUT_NOT_ALLOWED = 1306
    SERIAL_MISMATCH = 1307
    INTAKE_SIGNATURE_INVALID = 1308
    IDENTITY_INVALID = 1309
    REFUND_EXCEEDS_PAID = 1310
    CONTRACT_ALREADY_SIGNED = 1311
    ORDER_NOT_DELETABLE = 1312
    # money: 1400-1499
    WAIVER_EXCEEDS_LATE_FEE = 1401
    OLDER_BILL_FIRST = 1402
    WITHDRAWAL_EXCEEDS_BALANCE = 1403
    WITHDRAWAL_SAME_APPROVER = 1404
    NO_SETTLEMENT_ACCOUNT = 1405
    OFFLINE_AMOUNT_MISMATCH = 1406
    QUOTE_CHANGED = 1407
    NOTHING_TO_SETTLE = 1408
    DEPOSIT_OWED_FIRST = 1409
    WAIVER_EXCEEDS_OWED = 1410
    # reconciliation with the payment provider: 1450-1469
    RECONCILIATION_NOT_SYNCABLE = 1450
    RECONCILIATION_NOTHING_TO_SYNC = 1451
    # risk checks and the prepaid risk balance: 1500-1549
    RISK_BALANCE_SHORT = 1501
    # notarization of lease contracts: 1760-1779
    NOTARY_NOT_CONFIGURED = 1760
    NOTARY_NOT_OPEN = 1761
    NOTARY_EVIDENCE_MISSING = 1762
    NOTARY_CONTRACT_NOT_SIGNED = 1763
    NOTARY_EVIDENCE_ALTERED = 1764
    # credit-bureau reporting: 1600-1649
    CREDIT_NOT_AUTHORISED = 1601
    CREDIT_LEASE_NOT_STARTED = 1602
    CREDIT_NOTHING_TO_REPORT = 1603
    CREDIT_FILE_INVALID = 1604
    CREDIT_ACCOUNT_NOT_CLOSABLE = 1605
    CREDIT_NO_DEBT = 1606
    # the ledger: 1390-1399 (orders keep 1300-1389)
    LEDGER_UNBALANCED = 1390
    LEDGER_INVALID_LINE = 1391
    LEDGER_UNKNOWN_ACCOUNT = 1392
    LEDGER_INSUFFICIENT_BALANCE = 1393
    LEDGER_ALREADY_REVERSED = 1394
    LEDGER_JOURNAL_NOT_FOUND = 1395
    LEDGER_RULE_BROKEN = 1396
    # 1900-1999: outside services (callbacks, sandboxes)
    CALLBACK_NOT_PROCESSED = 1900
    CALLBACK_MERCHANT_UNKNOWN = 1901
    # private files and exports: 1800-1899
    FILE_LINK_INVALID = 1801
    FILE_LINK_EXPIRED = 1802
    FILE_LINK_WRONG_HOST = 1803
    EXPORT_TOO_MANY_ACTIVE = 1810
    EXPORT_TOO_MANY_ROWS = 1811
    EXPORT_FAILED = 1812
    # customer service and customers: 1660-1679
    CUSTOMER_BLACKLISTED = 1660
    MESSAGE_THROTTLED = 1661
    MESSAGE_VARIABLE_MISSING = 1662
    MESSAGE_UNSAFE = 1663
    # No collection message between 21:00 and 08:00 China time (apps.recovery).
    MESSAGE_QUIET_HOURS = 1664
    # A case written off before the shop's age for it (apps.recovery: `writeOffDebt`).
    RECOVERY_WRITE_OFF_TOO_EARLY = 1665
    # The person's data was erased on their request (the suppression list, apps.privacy).
    CUSTOMER_DATA_ERASED = 1666
    # The customer withdrew their consent for this purpose (apps.orders.consents).
    CONSENT_WITHDRAWN = 1667


MESSAGES: dict[ErrorCode, tuple[str, str]] = {
    ErrorCode.OK: ("成功", "OK"),
    ErrorCode.NO_SESSION: (
        "登录已失效，请重新登录",
        "Your session is not valid; please sign in again",
    ),
    ErrorCode.VALIDATION: ("提交的数据有误", "The submitted data is not valid"),
    ErrorCode.SIGNATURE_INVALID: ("签名校验失败", "The signature is not valid"),
    ErrorCode.FORBIDDEN: ("没有权限执行此操作", "You are not allowed to do this"),
    ErrorCode.NOT_FOUND: ("请求的资源不存在", "Not found"),
    ErrorCode.METHOD_NOT_ALLOWED: ("请求方法不被允许", "Method not allowed"),
    ErrorCode.CONFLICT: ("当前状态不允许此操作", "This change is not allowed in the current state"),
    ErrorCode.TOO_MANY_REQUESTS: ("操作过于频繁，请稍后再试", "Too many requests; try again later"),
    ErrorCode.SERVER_ERROR: ("服务器内部错误", "Internal server error"),
    ErrorCode.UNAVAILABLE: ("服务暂不可用", "The service is unavailable"),
    ErrorCode.UNKNOWN_HOST: ("未找到该域名对应的商户", "No merchant is served at this host"),
    ErrorCode.WRONG_SIDE: ("此接口不能在当前站点调用", "This call is not available on this side"),
    ErrorCode.BAD_CREDENTIALS: ("用户名或密码错误", "Wrong username or password"),
    ErrorCode.ACCOUNT_DISABLED: ("账号已停用", "This account is disabled"),
    ErrorCode.MERCHANT_UNAVAILABLE: (
        "商户已冻结或关闭，暂不能使用",
        "This merchant is frozen or closed",
    ),
    ErrorCode.ROLE_NOT_ASSIGNED: ("未分配该角色", "This role is not assigned to you"),
    ErrorCode.RESET_CODE_INVALID: ("验证码错误或已过期", "The code is wrong or has expired"),
    ErrorCode.RESET_CODE_TOO_SOON: (
        "验证码发送过于频繁",
        "A code was sent recently; wait a moment",
    ),
    ErrorCode.PASSWORD_TOO_WEAK: (
        "密码至少8位，且包含字母和数字",
        "The password needs at least 8 characters with letters and digits",
    ),
    ErrorCode.MALFORMED_BODY: ("请求体不是有效的JSON", "The request body is not valid JSON"),
    ErrorCode.SLUG_TAKEN: ("该标识已被占用", "This identifier is already taken"),
    ErrorCode.MERCHANT_HOLDS_MONEY: (
        "商户仍持有客户资金或未完结的租赁，不能退出",
        "This merchant still holds customers' money or open leases",
    ),
    ErrorCode.PROVIDER_FAILED: ("外部服务调用失败", "The outside service failed"),
    ErrorCode.USERNAME_TAKEN: ("该用户名已被使用", "This username is already taken"),
    ErrorCode.IDEMPOTENCY_KEY_REUSED: (
        "该请求标识已用于另一个商户",
        "This idempotency key was already used for another merchant",
    ),
    ErrorCode.SUB_SHOP_DISABLED: ("所属子商户已停用", "Your sub-shop is disabled"),
    ErrorCode.CATEGORY_IN_USE: (
        "该分类下还有商品，不能删除",
        "Goods still use this category; it cannot be deleted",
    ),
    ErrorCode.CATEGORY_HAS_CHILDREN: (
        "该分类下还有子分类，请先删除子分类",
        "This category has sub-categories; delete them first",
    ),
    ErrorCode.CATEGORY_UNAVAILABLE: (
        "分类不存在或已停用",
        "The category does not exist or is disabled",
    ),
    ErrorCode.GOODS_INCOMPLETE: (
        "商品信息不完整，不能上架",
        "The goods are incomplete and cannot go on shelf",
    ),
    ErrorCode.GOODS_FIELDS_LOCKED: (
        "商品在架或审核中，部分信息不能修改",
        "The goods are on shelf or under review; some fields cannot change",
    ),
    ErrorCode.GOODS_STATUS_NOT_ALLOWED: (
        "商品当前状态不允许此操作",
        "The goods' current status does not allow this",
    ),
    ErrorCode.GOODS_FORCED_DOWN: (
        "商品已被平台强制下架，请修改后再上架",
        "The platform took these goods down; edit them before putting them on shelf",
    ),
    ErrorCode.STOCK_INSUFFICIENT: ("库存不足", "Not enough stock"),
    ErrorCode.RESERVATION_NOT_FOUND: (
        "未找到该库存预占记录",
        "No stock reservation with this reference",
    ),
    ErrorCode.UPLOAD_NOT_IMAGE: (
        "只能上传 JPEG、PNG、GIF 或 WebP 图片",
        "Only JPEG, PNG, GIF or WebP images can be uploaded",
    ),
    ErrorCode.UPLOAD_TOO_LARGE: ("图片不能超过 5MB", "The image must be at most 5 MB"),
    ErrorCode.CATEGORY_TOO_DEEP: ("分类最多三级", "Categories have at most three levels"),
    ErrorCode.SKU_TRACKED_BY_UNIT: (
        "该规格按设备管理库存，请通过采购入库或设备调整变更库存",
        "This SKU is tracked by unit: change its stock through stock receipts or unit adjustments",
    ),
    ErrorCode.UNIT_IDENTIFIER_TAKEN: (
        "该序列号或 IMEI 已在另一台在库设备上",
        "This serial number or IMEI is already on another live unit",
    ),
    ErrorCode.RECEIPT_LINE_FULL: (
        "该入库行已收满",
        "This receipt line is already fully received",
    ),
    ErrorCode.UNIT_NOT_FOUND: (
        "未找到该序列号或 IMEI 的设备",
        "No unit has this serial number or IMEI",
    ),
    ErrorCode.UNIT_WRONG_SKU: (
        "该设备不是订单所订的规格",
        "This unit is not of the SKU the order is for",
    ),
    ErrorCode.UNIT_NOT_AVAILABLE: (
        "该设备当前不可发货",
        "This unit cannot be shipped now",
    ),
    ErrorCode.UNIT_WRONG_GRADE: (
        "该设备的成色与订单所租的成色不符",
        "This unit's condition is not the one the order leases",
    ),
    ErrorCode.GOODS_NOT_ORDERABLE: (
        "商品当前不可下单（未上架、渠道或门店不符）",
        "These goods cannot be ordered now (off shelf, or not sold in this channel or sub-shop)",
    ),
    ErrorCode.AFTER_SALE_OPEN: (
        "订单有进行中的售后，请先处理完毕",
        "An after-sale business is open on this order; finish it first",
    ),
    ErrorCode.DEPOSIT_EXCEEDS_FROZEN: (
        "金额超过剩余冻结押金",
        "The amount exceeds the deposit still frozen",
    ),
    ErrorCode.BILL_ALREADY_PAID: ("账单已支付", "This bill is already paid"),
    ErrorCode.PAYMENT_IN_PROGRESS: (
        "支付处理中，请稍后查询结果",
        "A payment is in progress; query its result shortly",
    ),
    ErrorCode.BUYOUT_NOT_ALLOWED: (
        "当前不在可买断的期间内",
        "Buyout is not allowed at this point of the lease",
    ),
    ErrorCode.SERIAL_MISMATCH: (
        "设备序列号与发货时不一致",
        "The device serial does not match the one shipped",
    ),
    ErrorCode.INTAKE_SIGNATURE_INVALID: (
        "应用签名无效或已过期",
        "The application signature is invalid or expired",
    ),
    ErrorCode.IDENTITY_INVALID: (
        "身份信息校验未通过",
        "The identity could not be verified",
    ),
    ErrorCode.REFUND_EXCEEDS_PAID: (
        "退款金额超过可退金额",
        "The refund exceeds what can be refunded",
    ),
    ErrorCode.CONTRACT_ALREADY_SIGNED: (
        "合同已签署，不能重新生成",
        "The contract is signed and cannot be generated again",
    ),
    ErrorCode.ORDER_NOT_DELETABLE: (
        "只能删除未成交或已结束的订单",
        "Only orders that never became a deal or have ended can be deleted",
    ),
    ErrorCode.WAIVER_EXCEEDS_LATE_FEE: (
        "减免金额超过未付的逾期违约金",
        "The waiver is more than the late fee still owed",
    ),
    ErrorCode.OLDER_BILL_FIRST: (
        "请先支付更早的未付账单",
        "An older bill is still unpaid; it is paid first",
    ),
    ErrorCode.WITHDRAWAL_EXCEEDS_BALANCE: (
        "提现金额超过可提现余额",
        "The amount is more than the withdrawable balance",
    ),
    ErrorCode.WITHDRAWAL_SAME_APPROVER: (
        "该提现需要另一位财务人员复核",
        "Another finance account must give the second approval",
    ),
    ErrorCode.NO_SETTLEMENT_ACCOUNT: (
        "商户尚未设置结算账户",
        "The merchant has no settlement account",
    ),
    ErrorCode.RECONCILIATION_NOT_SYNCABLE: (
        "重新查询支付渠道无法修复此类差异，请核实后填写说明标记处理",
        "Asking the provider again cannot fix this kind of difference; check it and resolve"
        " it with a note",
    ),
    ErrorCode.RECONCILIATION_NOTHING_TO_SYNC: (
        "我方没有该交易号的支付记录，无法同步",
        "We have no payment under this trade number to bring up to date",
    ),
    ErrorCode.OFFLINE_AMOUNT_MISMATCH: (
        "线下还款金额须等于该期账单应还金额（逾期违约金加租金）",
        "An offline repayment must be exactly what the bill owes (late fee plus rent)",
    ),
    ErrorCode.QUOTE_CHANGED: (
        "提前结清金额已变化，请重新获取报价",
        "The early settlement amount has changed; get the quote again",
    ),
    ErrorCode.NOTHING_TO_SETTLE: (
        "该订单没有待结清的账单",
        "This order has no bills left to settle",
    ),
    ErrorCode.WAIVER_EXCEEDS_OWED: (
        "减免金额应大于 0，且不超过该账单未付的本金",
        "A part waived is more than 0 and at most the principal the bill still owes",
    ),
    ErrorCode.DEPOSIT_OWED_FIRST: (
        "订单尚有到期欠款（含已核销）或支付处理中，押金须先抵扣，不能解冻",
        "The order owes money that is due (written off included) or has a payment in "
        "flight: the deposit pays it first and cannot be thawed",
    ),
    ErrorCode.RISK_BALANCE_SHORT: (
        "风控余额不足，请先充值",
        "The prepaid risk balance is too low for this query; recharge it first",
    ),
    ErrorCode.NOTARY_NOT_CONFIGURED: (
        "尚未配置公证服务账号，请先完成公证设置",
        "The notary service account is not set up; complete the notary settings first",
    ),
    ErrorCode.NOTARY_NOT_OPEN: (
        "本店未开启合同公证",
        "Contract notarization is not turned on for this shop",
    ),
    ErrorCode.NOTARY_EVIDENCE_MISSING: (
        "公证材料不全，请先补充",
        "Some notarization evidence is missing; add it first",
    ),
    ErrorCode.NOTARY_CONTRACT_NOT_SIGNED: (
        "合同尚未签署，不能推送公证",
        "The contract is not signed yet; it cannot be sent for notarization",
    ),
    ErrorCode.NOTARY_EVIDENCE_ALTERED: (
        "存证文件与保存时的摘要不一致，已拒绝发送",
        "A stored evidence file no longer matches its hash; it was not sent",
    ),
    ErrorCode.CREDIT_NOT_AUTHORISED: (
        "客户尚未授权征信报送",
        "The customer has not authorised credit reporting",
    ),
    ErrorCode.CREDIT_LEASE_NOT_STARTED: (
        "租赁尚未开始，不能开立征信账户",
        "The lease has not started: no credit account can open",
    ),
    ErrorCode.CREDIT_NOTHING_TO_REPORT: ("没有待报送的记录", "There is nothing to report"),
    ErrorCode.CREDIT_FILE_INVALID: (
        "报送文件未通过格式校验",
        "The report file does not validate against the format",
    ),
    ErrorCode.CREDIT_ACCOUNT_NOT_CLOSABLE: (
        "租赁尚未结清或结束，不能关户",
        "The lease is neither settled nor ended: the account cannot close",
    ),
    ErrorCode.CREDIT_NO_DEBT: (
        "该订单没有逾期欠款，不能转催收",
        "The order owes nothing overdue: there is no debt to hand to collection",
    ),
    ErrorCode.LEDGER_UNBALANCED: (
        "记账借贷不平衡",
        "The debits and credits of this posting do not balance",
    ),
    ErrorCode.LEDGER_INVALID_LINE: (
        "记账分录无效：至少两行，每行借或贷一方为正数金额，最多两位小数",
        "Invalid ledger lines: at least two, each a positive debit or credit with at most "
        "two decimal places",
    ),
    ErrorCode.LEDGER_UNKNOWN_ACCOUNT: ("会计科目不存在", "No such ledger account"),
    ErrorCode.LEDGER_INSUFFICIENT_BALANCE: (
        "账户余额不足",
        "The account's balance is not enough for this",
    ),
    ErrorCode.LEDGER_ALREADY_REVERSED: ("该笔记账已冲正", "This posting was already reversed"),
    ErrorCode.LEDGER_JOURNAL_NOT_FOUND: ("未找到该笔记账", "No posting with this reference"),
    ErrorCode.LEDGER_RULE_BROKEN: (
        "记账规则不允许此分录",
        "The posting rules do not allow this entry",
    ),
    ErrorCode.CALLBACK_NOT_PROCESSED: (
        "回调未能处理，请稍后重发",
        "The callback could not be processed; send it again later",
    ),
    ErrorCode.CALLBACK_MERCHANT_UNKNOWN: (
        "回调地址中的商户不存在",
        "No merchant has the identifier in this callback address",
    ),
    ErrorCode.FILE_LINK_INVALID: ("下载链接无效", "This download link is not valid"),
    ErrorCode.FILE_LINK_EXPIRED: (
        "下载链接已过期，请重新获取",
        "This download link has expired; get a new one",
    ),
    ErrorCode.FILE_LINK_WRONG_HOST: (
        "此下载链接不能在当前站点使用",
        "This download link cannot be used on this site",
    ),
    ErrorCode.EXPORT_TOO_MANY_ACTIVE: (
        "您还有导出任务未完成，请稍后再试",
        "You have exports still running; try again when they finish",
    ),
    ErrorCode.EXPORT_TOO_MANY_ROWS: (
        "导出行数超过上限，请缩小筛选范围",
        "Too many rows to export; narrow the filters",
    ),
    ErrorCode.EXPORT_FAILED: ("导出失败，请稍后重试", "The export failed; try again later"),
    ErrorCode.CUSTOMER_BLACKLISTED: (
        "该客户已被商户列入黑名单，不能下单",
        "The shop has blacklisted this customer; no order can be placed",
    ),
    ErrorCode.CUSTOMER_DATA_ERASED: (
        "该客户已申请删除其个人信息，本店不能再为其建档下单，请客户联系商家",
        "This customer had their personal data deleted at their request; the shop cannot take"
        " an order for them again (the customer should contact the shop)",
    ),
    ErrorCode.CONSENT_WITHDRAWN: (
        "客户已撤回对此用途的同意，不能再进行（如征信查询、营销短信）；租赁本身基于合同，不受影响",
        "The customer withdrew their consent for this purpose, so it cannot go ahead (a credit"
        " query, a marketing message); the lease itself rests on the contract and goes on",
    ),
    ErrorCode.MESSAGE_THROTTLED: (
        "发给该客户的短信已达上限，请稍后再试",
        "This customer has had as many messages as allowed for now; try again later",
    ),
    ErrorCode.MESSAGE_VARIABLE_MISSING: (
        "该订单缺少模板所需的内容（如待还账单或客服电话），请换一个模板或先完善客服配置",
        "This order cannot fill the template (e.g. no open bill or no service phone); pick"
        " another template or complete the customer-service settings",
    ),
    ErrorCode.MESSAGE_UNSAFE: (
        "短信内容不能包含身份证号",
        "A message must not contain an ID number",
    ),
    ErrorCode.MESSAGE_QUIET_HOURS: (
        "21:00至次日08:00不发送催收短信，请在白天发送",
        "No collection message goes between 21:00 and 08:00 China time; send it in the day",
    ),
    ErrorCode.RECOVERY_WRITE_OFF_TOO_EARLY: (
        "逾期天数未达到核销要求，暂不能核销",
        "This debt is not yet past due long enough to be written off",
    ),
}


def message_for(code: ErrorCode, language: str = "zh") -> str:
    zh, en = MESSAGES[code]
    return en if language == "en" else zh


class ApplicationError(Exception):
    """A handled failure: answered as the envelope with `code`, never as an HTTP error.

    `kept`: the refusal reports what the call found and recorded (a payment the provider
    had already taken, a message the gateway refused), so the work done before it commits
    and its idempotency key stays claimed; any other refusal changes nothing and leaves its
    key free (`zulin.core.routes`)."""

    def __init__(
        self,
        code: ErrorCode,
        msg: str | None = None,
        *,
        data: Any = None,
        msg_en: str | None = None,
        kept: bool = False,
    ) -> None:
        super().__init__(msg or message_for(code))
        self.code = code
        self.custom_msg = msg
        self.custom_msg_en = msg_en
        self.data = data
        self.kept = kept

    def message(self, language: str) -> str:
        if language == "en":
            return self.custom_msg_en or message_for(self.code, "en")
        return self.custom_msg or message_for(self.code, "zh")


def field_error(field: str, problem: Text) -> ApplicationError:
    """Bad input in one field: code 400 with `data.fields = {field: [problem]}`, the shape every
    validation answer has (the front end shows it beside the field). The problem is worded in
    both languages; the envelope answers it in the request's (zulin.core.i18n)."""
    return ApplicationError(ErrorCode.VALIDATION, data={"fields": {field: [problem]}})

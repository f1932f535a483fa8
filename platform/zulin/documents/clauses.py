"""The clauses a merchant's lease contract template starts from.

The contract's fixed parts (parties, goods, plan, schedule, add-ons, signatures) are drawn
from the order; these clauses are the text a merchant may edit. They refer to those parts by
name ("本合同所列租金支付计划") rather than repeating figures, so an edited clause never
disagrees with the order's numbers. Store them per merchant as `clauses_to_data(...)` gives
them (a JSON list) and read them back with `clauses_from_data(...)`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from zulin.core.i18n import Text

# Limits a merchant's edits must keep, so a contract always fits on a few pages.
CLAUSE_TITLE_MAX_LENGTH = 40
CLAUSE_BODY_MAX_LENGTH = 2000
CLAUSES_MAX_COUNT = 30


@dataclass(frozen=True)
class ContractClause:
    """One titled clause; `body` may hold several paragraphs separated by newlines."""

    title: str
    body: str


DEFAULT_LEASE_CLAUSES: tuple[ContractClause, ...] = (
    ContractClause(
        "出租方的权利与义务",
        "1. 出租方应按本合同约定的时间和方式，向承租方交付符合约定规格、功能完好的租赁物，"
        "并提供租赁物的使用说明及必要的售后支持。\n"
        "2. 租赁期内，租赁物的所有权归出租方所有，本合同另有约定的除外。出租方不得无故干扰"
        "承租方对租赁物的正常使用。\n"
        "3. 租赁物在正常使用中出现非人为的质量故障时，出租方负责维修或更换；维修期间的租金"
        "按实际不能使用的天数相应顺延或减免。\n"
        "4. 出租方应对承租方的个人信息严格保密，仅为履行本合同之目的使用，法律法规另有规定"
        "的除外。",
    ),
    ContractClause(
        "承租方的权利与义务",
        "1. 承租方应保证所提供的身份信息、联系方式及收货地址真实、准确、有效，信息变更时应"
        "及时通知出租方。\n"
        "2. 承租方应按照租赁物的性能和用途合理使用、妥善保管，不得擅自拆卸、改装、刷机或"
        "更换零部件。\n"
        "3. 未经出租方书面同意，承租方不得将租赁物转租、转借、出售、抵押、质押或以其他方式"
        "处分，亦不得用于任何违法用途。\n"
        "4. 承租方应按本合同所列租金支付计划足额支付租金，并按约定归还或买断租赁物。",
    ),
    ContractClause(
        "租金及支付方式",
        "1. 租金金额、期数及每期应付日期以本合同所列租金支付计划为准；首期租金及增值服务"
        "费用于合同签署时支付。\n"
        "2. 承租方同意出租方通过承租方授权的代扣方式，在每期应付日扣收当期租金；代扣失败"
        "的，承租方应在应付日当日自行支付。\n"
        "3. 因物流等原因导致租期起算日变更的，尚未支付的各期应付日期随之顺延，每期金额不变。",
    ),
    ContractClause(
        "押金",
        "1. 承租方应按本合同约定的押金金额提供押金，押金可通过支付机构预授权冻结的方式提供；"
        "出租方根据信用评估结果减免的，以订单确认的金额为准。\n"
        "2. 押金用于担保承租方履行本合同项下的全部义务。承租方未按期支付租金或租赁物发生"
        "损坏、灭失时，出租方有权以押金抵扣相应款项，并书面告知承租方抵扣明细。\n"
        "3. 租赁关系结束且承租方结清全部应付款项后，出租方应在七个工作日内解冻或退还剩余押金。",
    ),
    ContractClause(
        "租赁物的损坏与灭失",
        "1. 租赁期内租赁物发生损坏的，承租方应及时通知出租方并配合维修，维修费用由造成损坏的"
        "一方承担；正常使用造成的合理损耗除外。\n"
        "2. 租赁物丢失、被盗或毁损无法修复的，承租方应立即通知出租方，并按买断价格扣除已付租金"
        "后的金额予以赔偿，赔偿金额不超过该租赁物的买断价格。\n"
        "3. 租赁物归还时，出租方按本合同登记的序列号（IMEI）核验，并对外观和功能进行检测；"
        "检测结果及损坏赔偿金额应书面告知承租方。",
    ),
    ContractClause(
        "提前买断",
        "1. 租赁期内，承租方可在出租方允许的期间内申请提前买断租赁物。\n"
        "2. 提前买断价格为本合同约定的买断价加上剩余各期未付租金，并按出租方公示的提前买断"
        "优惠相应减少；已付的各期租金不予退还。\n"
        "3. 承租方付清买断价款后，租赁物所有权转移至承租方，出租方应解冻或退还剩余押金。",
    ),
    ContractClause(
        "租赁期满的处理",
        "1. 租赁期满，承租方可选择归还租赁物、按约定买断租赁物或经出租方同意续租。\n"
        "2. 选择归还的，承租方应于租赁期满之日起三日内，按出租方指定的方式将租赁物及其配件、"
        "包装完整寄回或送回；寄回的运费按双方约定承担。\n"
        "3. 本合同约定所有权于租期届满后转移的，承租方付清全部租金后，租赁物归承租方所有。",
    ),
    ContractClause(
        "逾期与违约责任",
        "1. 承租方逾期支付租金的，应按出租方在商品页面及订单中公示的逾期费用标准支付逾期费用，"
        "逾期费用总额不超过当期未付租金。\n"
        "2. 承租方逾期支付租金超过三十日，或逾期归还租赁物超过十五日的，出租方有权解除本合同、"
        "收回租赁物，并要求承租方支付全部到期未付租金及违约金。\n"
        "3. 承租方擅自处分租赁物的，应按买断价格扣除已付租金后的金额赔偿出租方损失，出租方"
        "保留依法追究其责任的权利。\n"
        "4. 出租方未按约定交付租赁物的，承租方有权解除本合同，出租方应退还承租方已付的全部款项。",
    ),
    ContractClause(
        "争议解决",
        "因本合同引起的或与本合同有关的任何争议，双方应友好协商解决；协商不成的，任何一方"
        "均可向出租方所在地有管辖权的人民法院提起诉讼。",
    ),
    ContractClause(
        "其他",
        "1. 本合同以电子方式签署，双方的电子签名与手写签名或盖章具有同等法律效力。\n"
        "2. 本合同自双方签署之日起生效，至双方权利义务履行完毕之日终止。\n"
        "3. 本合同未尽事宜，双方可另行签订补充协议，补充协议与本合同具有同等法律效力。",
    ),
)


def clauses_to_data(clauses: Iterable[ContractClause]) -> list[dict[str, str]]:
    """The clauses as JSON-ready rows, the shape a merchant's template stores."""
    return [{"title": clause.title, "body": clause.body} for clause in clauses]


class ClauseProblem(ValueError):
    """A broken clause row; `text` says which and why in both languages (its str is English)."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text


def clauses_from_data(rows: Sequence[Mapping[str, str]]) -> tuple[ContractClause, ...]:
    """Stored rows back to clauses; raises ValueError naming the first broken row."""
    if len(rows) > CLAUSES_MAX_COUNT:
        raise ClauseProblem(
            Text("最多 {0} 条条款", "at most {0} clauses").format(CLAUSES_MAX_COUNT)
        )
    clauses: list[ContractClause] = []
    for index, row in enumerate(rows):
        title = str(row.get("title", "")).strip()
        body = str(row.get("body", "")).strip()
        if not title or len(title) > CLAUSE_TITLE_MAX_LENGTH:
            raise ClauseProblem(
                Text(
                    "第 {0} 条：标题应为 1–{1} 个字符", "clause {0}: title must be 1-{1} long"
                ).format(index + 1, CLAUSE_TITLE_MAX_LENGTH)
            )
        if not body or len(body) > CLAUSE_BODY_MAX_LENGTH:
            raise ClauseProblem(
                Text(
                    "第 {0} 条：正文应为 1–{1} 个字符", "clause {0}: body must be 1-{1} long"
                ).format(index + 1, CLAUSE_BODY_MAX_LENGTH)
            )
        clauses.append(ContractClause(title=title, body=body))
    return tuple(clauses)


def default_lease_clauses() -> list[dict[str, str]]:
    """A fresh copy of the default clauses, ready to store as a new merchant's template."""
    return clauses_to_data(DEFAULT_LEASE_CLAUSES)

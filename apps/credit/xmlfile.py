"""The report file: built as the format's XML from accounts and their records, validated
against the XSD the project ships (`xsd/credit_report.xsd`), and shown as a tree of nodes
(key, parentKey, label, parentName, type, value, children) read back from the XML itself, so
the tree is exactly what is sent. Names and ID numbers are masked in the tree, never in the
file."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, SubElement, tostring  # building only, never parsing

import xmlschema

from zulin.core.crypto import mask_id_number, mask_name

XSD_PATH = Path(__file__).parent / "xsd" / "credit_report.xsd"
SECTION_ORDER = ("D1", "R1", "R2", "R3", "R4", "C1")

# Element → (zh, en) labels of the tree.
LABELS: dict[str, tuple[str, str]] = {
    "CreditReport": ("征信报送文件", "Credit report file"),
    "Header": ("文件头", "Header"),
    "FileNo": ("文件编号", "File number"),
    "Institution": ("报送机构", "Institution"),
    "Period": ("报送期间", "Period"),
    "GeneratedAt": ("生成时间", "Generated at"),
    "RecordCount": ("记录数", "Records"),
    "Section": ("账户段", "Section"),
    "Account": ("账户", "Account"),
    "AccountNo": ("账户编号", "Account number"),
    "AccountType": ("账户类型", "Account type"),
    "OrderNo": ("订单编号", "Order number"),
    "ContractNo": ("合同编号", "Contract number"),
    "Name": ("姓名", "Name"),
    "IdType": ("证件类型", "ID type"),
    "IdNumber": ("证件号码", "ID number"),
    "OpenDate": ("开户日期", "Opened"),
    "DueDate": ("到期日期", "Due"),
    "CreditLimit": ("授信额度", "Credit limit"),
    "Term": ("期数", "Term"),
    "Currency": ("币种", "Currency"),
    "Collector": ("催收机构", "Collector"),
    "Record": ("报送记录", "Record"),
    "RecordNo": ("记录编号", "Record number"),
    "Kind": ("记录类型", "Kind"),
    "Date": ("发生日期", "Date"),
    "Instalment": ("期次", "Instalment"),
    "StatusCode": ("还款状态", "Status code"),
    "Balance": ("余额", "Balance"),
    "AmountDue": ("应还金额", "Amount due"),
    "AmountPaid": ("实还金额", "Amount paid"),
    "OverdueAmount": ("逾期金额", "Overdue amount"),
    "OverduePeriods": ("逾期期数", "Overdue instalments"),
    "Corrects": ("更正记录", "Corrects"),
}


@dataclass(frozen=True)
class FileAccount:
    account_no: str
    account_type: str
    order_no: str
    contract_no: str
    name: str
    id_number: str
    opened_on: Any
    due_on: Any
    credit_limit: Decimal
    term: int
    collector: str
    records: list[dict[str, Any]]  # record_no, kind, period, occurred_on, … corrects


def _text(parent: Element, tag: str, value: Any) -> None:
    SubElement(parent, tag).text = str(value)


def _money(value: Any) -> str:
    return f"{Decimal(str(value)).quantize(Decimal('0.01'))}"


def build_xml(
    *,
    file_no: str,
    institution: str,
    period: str,
    generated_at: datetime,
    accounts: list[FileAccount],
) -> bytes:
    root = Element("CreditReport", version="2.0")
    header = SubElement(root, "Header")
    _text(header, "FileNo", file_no)
    _text(header, "Institution", institution)
    _text(header, "Period", period)
    _text(header, "GeneratedAt", generated_at.replace(microsecond=0).isoformat())
    _text(header, "RecordCount", sum(len(account.records) for account in accounts))
    for code in SECTION_ORDER:
        members = [account for account in accounts if account.account_type == code]
        if not members:
            continue
        section = SubElement(root, "Section", code=code)
        for account in members:
            node = SubElement(section, "Account")
            _text(node, "AccountNo", account.account_no)
            _text(node, "AccountType", account.account_type)
            _text(node, "OrderNo", account.order_no)
            if account.contract_no:
                _text(node, "ContractNo", account.contract_no)
            _text(node, "Name", account.name)
            _text(node, "IdType", "10")
            _text(node, "IdNumber", account.id_number.upper())
            _text(node, "OpenDate", account.opened_on.isoformat())
            if account.due_on:
                _text(node, "DueDate", account.due_on.isoformat())
            _text(node, "CreditLimit", _money(account.credit_limit))
            _text(node, "Term", account.term)
            _text(node, "Currency", "CNY")
            if account.collector:
                _text(node, "Collector", account.collector)
            for record in account.records:
                item = SubElement(node, "Record")
                _text(item, "RecordNo", record["record_no"])
                _text(item, "Kind", record["kind"])
                _text(item, "Period", record["period"])
                _text(item, "Date", record["occurred_on"].isoformat())
                if record.get("instalment"):
                    _text(item, "Instalment", record["instalment"])
                _text(item, "StatusCode", record["status_code"])
                for tag, name in (
                    ("Balance", "balance"),
                    ("AmountDue", "amount_due"),
                    ("AmountPaid", "amount_paid"),
                    ("OverdueAmount", "overdue_amount"),
                ):
                    _text(item, tag, _money(record[name]))
                _text(item, "OverduePeriods", record["overdue_periods"])
                if record.get("corrects"):
                    _text(item, "Corrects", record["corrects"])
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(root, encoding="utf-8")


@cache
def report_schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(str(XSD_PATH))


def _parsed(content: bytes) -> Any:
    import io

    return xmlschema.XMLResource(io.BytesIO(content), defuse="always")


def xml_errors(content: bytes) -> list[str]:
    """What the XSD finds wrong with a file ([]: it validates)."""
    try:
        return [
            f"{error.path}: {error.reason}"
            for error in report_schema().iter_errors(_parsed(content))
        ][:20]
    except Exception as error:  # not even well-formed
        return [str(error)[:300]]


def sha256_of(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def xml_tree(content: bytes, *, language: int = 0) -> list[dict[str, Any]]:
    """The file as the spec's tree: each element a node (its children elements, or its text
    as `value`; attributes as leaf nodes)."""
    root = _parsed(content).root

    def node(element: Any, key: str, parent_key: str, parent_name: str) -> dict[str, Any]:
        labels = LABELS.get(element.tag, (element.tag, element.tag))
        label = labels[language] if language in (0, 1) else labels[0]
        children: list[dict[str, Any]] = []
        if element.tag == "Section":
            label = f"{label} {element.get('code', '')}"
        elif element.tag in ("Account", "Record"):
            number = element.findtext("AccountNo" if element.tag == "Account" else "RecordNo")
            label = f"{label} {number or ''}".strip()
        for index, child in enumerate(list(element)):
            children.append(node(child, f"{key}-{index}", key, element.tag))
        value = None
        if not children:
            text = (element.text or "").strip()
            if element.tag == "IdNumber":
                value = mask_id_number(text)
            elif element.tag == "Name":
                value = mask_name(text)
            else:
                value = text
        return {
            "key": key,
            "parentKey": parent_key,
            "label": label,
            "parentName": parent_name,
            "type": element.tag,
            "value": value,
            "children": children,
        }

    return [node(root, "0", "", "")]


def read_stored(stored_file_id: int) -> bytes:
    """The bytes of a report file kept as a private file of the active schema."""
    from zulin.files.models import StoredFile
    from zulin.files.services import private_path

    stored = StoredFile.objects.get(pk=stored_file_id)
    return private_path(stored.path).read_bytes()

"""The prepared database of the nightly benchmark (`nightly.py`): MERCHANTS merchants made by
onboarding, each with LEASES month leases a year into their lives, as the night finds them.

How the rows are made, honestly:
- Merchants through `merchant_create` (the onboarding service: a spare schema renamed, domain,
  owner, settlement terms T+1 at 5 % commission); the spares themselves are made by replaying
  the template's dump, where the pool's task would clone them (much slower at 100 schemas),
  and the owners' passwords hashed with a fast hasher (no one signs in to this database).
  The platform's finance defaults hold (no shop setting).
- One sample lease through the services, inside a transaction that is rolled back afterwards:
  goods put on shelf through the API, the order placed through the signed intake (risk grade A,
  so no deposit), audited, signed, bill 1 paid by the customer, shipped and received, bill 2
  paid by withhold, bill 3 overdue with late fees, failed once for lack of balance and charged
  again (left processing), a reminder sent, the statement closed. Its rows are the templates.
- Every lease is then written with COPY as a copy of those template rows, with only what
  differs between leases computed here: its numbers, dates, statuses and the amounts that
  follow from them, using the services' own rules where there are any (the schedule:
  `zulin.money.schedule`; late fees: `zulin.money.latefees.fee_days` with the
  shop's settings; SMS texts: the sandbox's templates; the statement's sums as
  `apps.billing.statements` makes them). Ledger balances are then derived from the entries
  (what posting keeps them equal to), so `ledger_check` finds nothing wrong.
- Five merchants are written so (000, and the first of each number of missed nights: 009,
  019, 029, 039); every other merchant is a copy of the one with its number of missed nights,
  made in SQL (`merchant_copy`: the same leases and dates, its own provider numbers, SMS
  references, and mirror postings in the platform's books), as writing 100 x 140,000 rows
  from Python took 15 s a merchant.
- What a lease's history holds: customer, order (in lease), 12 bills, bill 1's payment by the
  customer, one withhold per night a bill was charged (succeeded, failed, or still
  processing), each success's journals in the merchant's books and their mirror in the
  platform's (receipt and commission), the provider's records (withhold agreement, every
  payment), late fee days, reminders with their SMS, one statement per day that had payments
  (each with its settlement journal and lines), the platform's order index row.
- Not copied, since the night reads none of them: goods (orders keep the sample's goods id),
  contracts, shipments, the audit trail and status history, the callbacks' outbox and log,
  the risk and e-contract sandboxes' records. Every customer has the sample's name, phone and
  (encrypted) ID number, with a lookup hash of its own.

The spread (each written merchant with its own seed): lease starts uniform over the last 360 days
(so about one lease in 30 has a bill due today); 6 % of leases overdue (their oldest unpaid
bill failed every night since it fell due; 80 % one bill behind, 15 % two, 5 % three), a
third of those customers without balance (payer references ending in 0000, the sandbox's
rule) so tonight's withhold fails again; 3 leases per merchant whose last withhold is still
processing at the provider since the last night (stale tonight); one merchant in ten whose
night did not run for the last 1-4 nights (late fees, debits, reminders and statements to
catch up).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from datetime import time as clock
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

MERCHANTS = int(os.environ.get("BENCH_MERCHANTS", "100"))
LEASES = int(os.environ.get("BENCH_LEASES", "1000"))
OVERDUE_SHARE = 0.06
FAILING_SHARE_OF_OVERDUE = 1 / 3
STALE_PER_MERCHANT = 3
ZERO = Decimal("0.00")


def slug_of(index: int) -> str:
    return f"nb{index:03d}"


# --- the sample lease, through the services --------------------------------------------------


@dataclass
class Sample:
    """Template rows (column → value, as stored) of one lease made through the services."""

    customer: dict[str, Any]
    order: dict[str, Any]
    bills: dict[int, dict[str, Any]]
    payments: dict[str, dict[str, Any]]  # customer, succeeded, failed, processing
    late_fee: dict[str, Any]
    reminder: dict[str, Any]
    journals: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]]
    statement: dict[str, Any]
    statement_line: dict[str, Any]
    sub_account: dict[str, Any]
    records: dict[str, dict[str, Any]]  # agreement, pay, succeeded, failed, processing
    sms: dict[str, Any]
    public_journals: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]]
    public_sub_accounts: list[dict[str, Any]]
    index_row: dict[str, Any]
    setting: dict[str, Any]


def _rows(sql: str, params: Iterable[Any] = ()) -> list[dict[str, Any]]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(sql, list(params))
        names = [column.name for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _one(sql: str, params: Iterable[Any] = ()) -> dict[str, Any]:
    (row,) = _rows(sql, params)
    return row


def _journal(schema: str, reference: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    journal = _one(f'SELECT * FROM "{schema}".ledger_journal WHERE reference = %s', [reference])
    entries = _rows(
        f'SELECT e.*, a.code AS "_code", a.sub_key AS "_sub" FROM "{schema}".ledger_entry e'
        f' JOIN "{schema}".ledger_account a ON a.id = e.account_id'
        " WHERE e.journal_id = %s ORDER BY e.id",
        [journal["id"]],
    )
    return journal, entries


def sample_make(merchant: Any) -> Sample:
    """The sample lease of `merchant` made through the services and read back, all inside a
    transaction rolled back at the end (nothing of it stays)."""
    from django.db import connection, transaction
    from django.utils import timezone
    from django_tenants.utils import tenant_context

    from apps.billing import bill_pay
    from apps.billing.latefees import finance_setting, late_fees_accrue
    from apps.billing.models import Bill
    from apps.billing.rent_run import bill_reminders_send
    from apps.billing.statements import statements_close
    from tenants.accounts.demo import demo_actor
    from tenants.accounts.services import account_create
    from tenants.risk.demo import risk_opening_balance_load
    from tests.fixtures import login
    from tests.leases import IntakeClient, goods_on_shelf, in_lease, provider_settles
    from zulin.core.sides import PlatformType
    from zulin.providers.sandbox import sandbox_failure_add

    today = timezone.localdate()
    schema, host = merchant.schema_name, f"{merchant.slug}.localhost"
    with transaction.atomic():
        # A shop's intake checks the risk of every order, paid from its prepaid risk balance:
        # the sample shop has one, as every shop has (its opening transfer, approved by a
        # platform admin made for it; all of it rolled back with the sample).
        account_create(
            merchant=None,
            username="nb-admin",
            password="Nb@20260",
            name="nb admin",
            phone="13800000009",
            role_codes=["platform_admin"],
        )
        risk_opening_balance_load(
            merchant=merchant,
            owner=demo_actor(platform_type=PlatformType.STORE, merchant=merchant, username="owner"),
            approver=demo_actor(
                platform_type=PlatformType.ADMIN, merchant=None, username="nb-admin"
            ),
        )
        owner = login(host, "owner")
        app = IntakeClient(merchant, host)
        connection.set_schema_to_public()
        order = in_lease(merchant, owner, app, goods_on_shelf(owner), grade="A", key="nb-sample")
        with tenant_context(merchant):
            bill_pay.order_bill_pay(order_id=order.id, period=2, actor=None, idempotency_key="s-2")
        provider_settles(merchant)
        with tenant_context(merchant):
            later = Bill.objects.filter(order_id=order.id, period__gte=3).order_by("period")
            for offset, bill in enumerate(later):
                bill.due_date = today - timedelta(days=2) + timedelta(days=30 * offset)
                bill.save(update_fields=["due_date"])
            late_fees_accrue(today=today)
            sandbox_failure_add(
                service="payment",
                operation="withhold",
                reason="INSUFFICIENT_BALANCE",
                merchant=merchant.slug,
            )
            bill_pay.order_bill_pay(order_id=order.id, period=3, actor=None, idempotency_key="s-3")
        provider_settles(merchant)
        with tenant_context(merchant):
            bill_reminders_send(today=today)
            bill_pay.order_bill_pay(order_id=order.id, period=3, actor=None, idempotency_key="s-4")
            statements_close(today=today + timedelta(days=1))
            setting = finance_setting()
        connection.set_schema_to_public()

        q = f'"{schema}"'
        bills = {
            row["period"]: row
            for row in _rows(f"SELECT * FROM {q}.billing_bill WHERE order_id = %s", [order.id])
        }
        payments = _rows(
            f"SELECT p.* FROM {q}.billing_billpayment p JOIN {q}.billing_bill b"
            " ON b.id = p.bill_id WHERE b.order_id = %s ORDER BY p.id",
            [order.id],
        )
        by_no = {row["out_trade_no"]: row for row in payments}
        first, paid, failed, processing = (
            by_no[bills[1]["out_trade_no"]],
            by_no[bills[2]["out_trade_no"]],
            next(p for p in payments if p["status"] == "failed"),
            next(p for p in payments if p["status"] == "processing"),
        )
        records = {
            row["out_no"]: row
            for row in _rows(
                "SELECT * FROM public.providers_sandboxpaymentrecord WHERE merchant = %s",
                [merchant.slug],
            )
        }
        statement = _one(f"SELECT * FROM {q}.billing_statement ORDER BY id DESC LIMIT 1")
        mid = merchant.pk
        sample = Sample(
            customer=_one(
                f"SELECT c.* FROM {q}.orders_customer c JOIN {q}.orders_order o"
                " ON o.customer_id = c.id WHERE o.id = %s",
                [order.id],
            ),
            order=_one(f"SELECT * FROM {q}.orders_order WHERE id = %s", [order.id]),
            bills=bills,
            payments={
                "customer": first,
                "succeeded": paid,
                "failed": failed,
                "processing": processing,
            },
            late_fee=_one(
                f"SELECT * FROM {q}.billing_billlatefee WHERE bill_id = %s ORDER BY id LIMIT 1",
                [bills[3]["id"]],
            ),
            reminder=_one(
                f"SELECT * FROM {q}.billing_billreminder WHERE bill_id = ANY(%s) LIMIT 1",
                [[bill["id"] for bill in bills.values()]],
            ),
            journals={
                "pay1": _journal(schema, f"pay:{first['out_trade_no']}"),
                "commission1": _journal(schema, f"commission:{first['out_trade_no']}"),
                "pay": _journal(schema, f"pay:{paid['out_trade_no']}"),
                "commission": _journal(schema, f"commission:{paid['out_trade_no']}"),
                "settlement": _journal(schema, f"statement:{statement['period_end']}"),
            },
            statement=statement,
            statement_line=_one(
                f"SELECT * FROM {q}.billing_statementline WHERE statement_id = %s LIMIT 1",
                [statement["id"]],
            ),
            sub_account=_one(
                f"SELECT * FROM {q}.ledger_account WHERE sub_key = %s", [f"order:{order.id}"]
            ),
            records={
                "agreement": records[f"{order.no}W"],
                "pay": records[first["out_trade_no"]],
                "succeeded": records[paid["out_trade_no"]],
                "failed": records[failed["out_trade_no"]],
                "processing": records[processing["out_trade_no"]],
            },
            sms=_one("SELECT * FROM public.providers_sandboxsmsmessage ORDER BY id DESC LIMIT 1"),
            public_journals={
                "pay1": _journal("public", f"m{mid}:pay:{first['out_trade_no']}"),
                "commission1": _journal("public", f"m{mid}:commission:{first['out_trade_no']}"),
                "pay": _journal("public", f"m{mid}:pay:{paid['out_trade_no']}"),
                "commission": _journal("public", f"m{mid}:commission:{paid['out_trade_no']}"),
            },
            public_sub_accounts=_rows(
                "SELECT * FROM public.ledger_account WHERE sub_key = %s ORDER BY id",
                [f"merchant:{mid}"],
            ),
            index_row=_one(
                "SELECT * FROM public.orders_index_orderindex"
                " WHERE merchant_id = %s AND order_id = %s",
                [mid, order.id],
            ),
            setting=setting,
        )
        transaction.set_rollback(True)
    _sample_check(sample)
    return sample


def _sample_check(sample: Sample) -> None:
    """What the copies rely on: one month plan, bill 1 alone carrying extras."""
    order = sample.order
    assert order["term_unit"] == "month" and order["status"] == "in_lease", order
    assert sample.bills[2]["amount"] == sample.bills[4]["amount"] == order["rent"], sample.bills
    assert sample.payments["failed"]["failure_reason"] == "INSUFFICIENT_BALANCE"
    assert sample.records["processing"]["status"] == "processing"


# --- one merchant's leases ------------------------------------------------------------------


class Ids:
    """The next id of each table, from what the database holds."""

    def __init__(self, cursor: Any, schema: str, tables: Iterable[str]) -> None:
        self.next: dict[str, int] = {}
        for table in tables:
            cursor.execute(f'SELECT coalesce(max(id), 0) FROM "{schema}"."{table}"')
            self.next[table] = cursor.fetchone()[0] + 1

    def take(self, table: str) -> int:
        value = self.next[table]
        self.next[table] = value + 1
        return value


MERCHANT_TABLES = (
    "orders_customer",
    "orders_order",
    "billing_bill",
    "billing_billpayment",
    "billing_billlatefee",
    "billing_billreminder",
    "billing_statement",
    "billing_statementline",
    "ledger_account",
    "ledger_journal",
    "ledger_entry",
)
PUBLIC_TABLES = (
    "providers_sandboxpaymentrecord",
    "providers_sandboxsmsmessage",
    "ledger_account",
    "ledger_journal",
    "ledger_entry",
    "orders_index_orderindex",
)


@dataclass
class Tables:
    """Rows to COPY, per table."""

    rows: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))

    def add(self, table: str, source: dict[str, Any], /, **values: Any) -> dict[str, Any]:
        row = {k: v for k, v in source.items() if not k.startswith("_")}
        unknown = set(values) - set(row)
        assert not unknown, (table, unknown)
        row.update(values)
        self.rows[table].append(row)
        return row


def _at(day: date, hour: int, minute: int, second: int = 0) -> datetime:
    from django.utils import timezone

    return timezone.make_aware(datetime.combine(day, clock(hour, minute, second)))


CHINA = ZoneInfo("Asia/Shanghai")


def _china_day(at: datetime) -> date:
    """The China date of `at` (a journal's `moved_on` and `counted_on`)."""
    return at.astimezone(CHINA).date()


def _jsonb(value: Any) -> Any:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else value


@dataclass
class Lease:
    n: int
    start: date
    due: dict[int, date]
    overdue_from: int | None = None
    failing: bool = False
    stale_period: int | None = None


@dataclass
class Merchant:
    index: int
    id: int
    slug: str
    schema: str
    owner_id: int
    missed: int  # nights the job did not run, before tonight

    @property
    def last_run(self) -> date:
        from django.utils import timezone

        return timezone.localdate() - timedelta(days=1 + self.missed)


def _leases(merchant: Merchant, term: int) -> list[Lease]:
    from django.utils import timezone

    from zulin.money.schedule import add_months

    today = timezone.localdate()
    rng = random.Random(merchant.index)
    leases = []
    for n in range(LEASES):
        start = today - timedelta(days=rng.randint(1, 360))
        due = {period: add_months(start, period - 1) for period in range(1, term + 1)}
        lease = Lease(n=n, start=start, due=due)
        charged = [p for p in range(2, term + 1) if due[p] <= merchant.last_run]
        if charged and rng.random() < OVERDUE_SHARE:
            behind = rng.choices((1, 2, 3), weights=(80, 15, 5))[0]
            lease.overdue_from = charged[-min(behind, len(charged))]
            lease.failing = rng.random() < FAILING_SHARE_OF_OVERDUE
        leases.append(lease)
    # (bill 1 is paid at signing, never by the night's withhold)
    candidates = [
        lease
        for lease in leases
        if lease.overdue_from is None
        and any(d == merchant.last_run for p, d in lease.due.items() if p >= 2)
    ]
    for lease in rng.sample(candidates, min(STALE_PER_MERCHANT, len(candidates))):
        lease.stale_period = next(
            p for p, d in lease.due.items() if p >= 2 and d == merchant.last_run
        )
    return leases


class Writer:
    """Turns a merchant's leases into rows copied from the sample."""

    def __init__(self, sample: Sample, merchant: Merchant, ids: Ids, public_ids: Ids, cursor: Any):
        from django.conf import settings

        from zulin.providers.sms import TEMPLATES

        self.s, self.m, self.ids, self.pids = sample, merchant, ids, public_ids
        self.out = Tables()
        self.site = settings.SITE_NAME
        self.templates = TEMPLATES
        cursor.execute(
            f"SELECT id, code FROM \"{merchant.schema}\".ledger_account WHERE sub_key = ''"
        )
        self.chart = {code: pk for pk, code in cursor.fetchall()}
        cursor.execute("SELECT id, code FROM public.ledger_account WHERE sub_key = ''")
        self.public_chart = {code: pk for pk, code in cursor.fetchall()}
        self.public_subs: dict[str, int] = {}
        # Journals booked per day, for the statements: (id, kind, order, time, movement by sub).
        self.booked: dict[date, list[tuple[int, str, int, datetime, dict[str, Decimal]]]] = (
            defaultdict(list)
        )
        self.trade = 0

    # numbers shaped like the provider's (T/G + date + 16 digits), unique per database
    def _number(self, prefix: str, day: date) -> str:
        self.trade += 1
        return f"{prefix}{day:%Y%m%d}9{self.m.index:03d}{self.trade:012d}"

    def public_accounts(self) -> None:
        """The merchant's sub-ledgers in the platform's books."""
        for template in self.s.public_sub_accounts:
            pk = self.pids.take("ledger_account")
            self.out.add(
                "public.ledger_account",
                template,
                id=pk,
                sub_key=f"merchant:{self.m.id}",
                parent_id=self.public_chart[template["code"]],
                balance=ZERO,
            )
            self.public_subs[template["code"]] = pk

    def _journal(
        self,
        kind: str,
        *,
        reference: str,
        memo: str,
        at: datetime,
        order_id: int,
        bill_id: int | None,
        order_account: int,
        public: bool = False,
        meta: Any = None,
    ) -> int:
        """A copy of the sample's journal `kind` with its entries on this order's accounts."""
        journal, entries = (self.s.public_journals if public else self.s.journals)[kind]
        table = "public.ledger_journal" if public else "ledger_journal"
        ids = self.pids if public else self.ids
        pk = ids.take("ledger_journal")
        self.out.add(
            table,
            journal,
            id=pk,
            reference=reference,
            memo=memo,
            order_id=None if public else order_id,
            bill_id=None if public else bill_id,
            meta=_jsonb(meta if meta is not None else journal["meta"]),
            created_at=at,
            moved_on=_china_day(at),
            counted_on=_china_day(at),
        )
        movement: dict[str, Decimal] = defaultdict(lambda: ZERO)
        for entry in entries:
            if public:
                account = (
                    self.public_subs[entry["_code"]]
                    if entry["_sub"]
                    else self.public_chart[entry["_code"]]
                )
            else:
                account = order_account if entry["_sub"] else self.chart[entry["_code"]]
            self.out.add(
                "public.ledger_entry" if public else "ledger_entry",
                entry,
                id=ids.take("ledger_entry"),
                journal_id=pk,
                account_id=account,
            )
            if not public and entry["_code"] == "provider_clearing":
                signed = entry["amount"] if entry["side"] == "debit" else -entry["amount"]
                movement[f"order:{order_id}"] += signed
        if not public and movement:
            self.booked[timezone_day(at)].append((pk, journal["kind"], order_id, at, movement))
        return pk

    def _record(self, kind: str, **values: Any) -> dict[str, Any]:
        return self.out.add(
            "public.providers_sandboxpaymentrecord",
            self.s.records[kind],
            id=self.pids.take("providers_sandboxpaymentrecord"),
            merchant=self.m.slug,
            **values,
        )

    def _sms(self, phone: str, template: str, params: dict[str, str], at: datetime) -> str:
        serial = self.pids.next["providers_sandboxsmsmessage"]
        reference = f"sms_{self.m.index:03d}{self.trade:09d}{serial:012d}"
        self.out.add(
            "public.providers_sandboxsmsmessage",
            self.s.sms,
            id=self.pids.take("providers_sandboxsmsmessage"),
            reference=reference,
            phone=phone,
            template=template,
            params=_jsonb(params),
            text=self.templates[template].format(site=self.site, **params),
            status="delivered",
            created_at=at,
        )
        return reference

    def lease(self, lease: Lease, customer_id: int) -> None:  # noqa: C901, PLR0912, PLR0915
        from apps.billing.latefees import tiers_of
        from zulin.money.latefees import fee_days
        from zulin.money.schedule import lease_end

        s, m = self.s, self.m
        last_run = m.last_run
        placed = lease.start - timedelta(days=3)
        order_no = f"ZL{placed:%Y%m%d}{m.index:03d}{lease.n:05d}"
        payer = f"cust-{customer_id}"
        signed_at = _at(placed, 11, 0, lease.n % 60)
        paid_first_at = signed_at + timedelta(minutes=5)
        delivered_at = _at(lease.start, 15, 0, lease.n % 60)
        order_id = self.ids.take("orders_order")
        self.out.add(
            "orders_customer",
            s.customer,
            id=customer_id,
            id_number_hash=hashlib.sha256(f"{m.slug}:{lease.n}".encode()).hexdigest(),
            created_at=_at(placed, 10, 0),
            updated_at=_at(placed, 10, 0),
        )
        agreement_no = self._number("G", placed)
        agreement = self._record(
            "agreement",
            out_no=f"{order_no}W",
            trade_no=self._number("T", placed),
            payer=payer,
            agreement_no=agreement_no,
            created_at=signed_at,
            finished_at=signed_at,
        )
        account = self.ids.take("ledger_account")
        self.out.add(
            "ledger_account",
            s.sub_account,
            id=account,
            sub_key=f"order:{order_id}",
            parent_id=self.chart["provider_clearing"],
            balance=ZERO,
            created_at=paid_first_at,
        )

        setting = s.setting
        open_before_last_run: list[date] = []
        updated = delivered_at
        for period, due in lease.due.items():
            template = s.bills[1] if period == 1 else s.bills[4]
            base_no = f"{order_no}B{period:03d}"
            bill_id = self.ids.take("billing_bill")
            overdue = lease.overdue_from is not None and period >= lease.overdue_from
            if period == 1:
                state = "paid"
            elif due > last_run or overdue:
                state = "unpaid"
            elif lease.stale_period == period:
                state = "paying"
            else:
                state = "paid"
            amount = template["amount"]
            # Late fee days caught up to the last night that ran.
            fees: list[tuple[date, int, Decimal, Decimal]] = []
            if state == "unpaid" and due < last_run:
                fees = [
                    (row.day, row.days_overdue, row.rate, row.amount)
                    for row in fee_days(
                        due_date=due,
                        last=None,
                        today=last_run,
                        base=amount,
                        room=amount,
                        tiers=tiers_of(setting),
                    )
                ]
            attempts = 0
            if overdue and period == lease.overdue_from and due <= last_run:
                attempts = (last_run - due).days + 1  # one failed withhold each night
            out_trade_no = base_no if attempts == 0 else f"{base_no}-{attempts + 1}"
            paid_at = None
            if state == "paid":
                paid_at = paid_first_at if period == 1 else _at(due, 1, 31, 3 + lease.n % 50)
                updated = max(updated, paid_at)
            self.out.add(
                "billing_bill",
                template,
                id=bill_id,
                order_id=order_id,
                order_no=order_no,
                period=period,
                due_date=due,
                out_trade_no=out_trade_no,
                status=state,
                paid_amount=amount if state == "paid" else ZERO,
                paid_at=paid_at,
                paid_by=("customer" if period == 1 else "withhold") if state == "paid" else "",
                late_fee=sum((fee for *_, fee in fees), ZERO),
                late_fee_waived=ZERO,
                late_fee_paid=ZERO,
                created_at=_at(placed, 10, 30),
                updated_at=paid_at or _at(placed, 10, 30),
            )
            for day, days_overdue, rate, fee in fees:
                self.out.add(
                    "billing_billlatefee",
                    s.late_fee,
                    id=self.ids.take("billing_billlatefee"),
                    bill_id=bill_id,
                    day=day,
                    days_overdue=days_overdue,
                    base=amount,
                    rate=rate,
                    amount=fee,
                    created_at=_at(day, 1, 30, 30),
                )
            subject = f"{order_no} 第{period}期"
            if period == 1:
                record = self._record(
                    "pay",
                    out_no=base_no,
                    trade_no=self._number("T", placed),
                    amount=amount,
                    payer=payer,
                    subject=subject,
                    created_at=signed_at,
                    finished_at=paid_first_at,
                )
                self.out.add(
                    "billing_billpayment",
                    s.payments["customer"],
                    id=self.ids.take("billing_billpayment"),
                    bill_id=bill_id,
                    out_trade_no=base_no,
                    provider_trade_no=record["trade_no"],
                    idempotency_key=f"pay-{order_no}-1",
                    created_at=signed_at,
                    finished_at=paid_first_at,
                )
                self._paid_journals(
                    "1", base_no, order_no, period, order_id, bill_id, account, paid_first_at
                )
            elif state in ("paid", "paying"):
                night = _at(due, 1, 31, lease.n % 50)
                done = night + timedelta(seconds=3)
                kind = "succeeded" if state == "paid" else "processing"
                record = self._record(
                    kind,
                    out_no=base_no,
                    trade_no=self._number("T", due),
                    amount=amount,
                    payer=payer,
                    subject=subject,
                    agreement_no=agreement_no,
                    source_id=agreement["id"],
                    created_at=night,
                    settle_after=None if kind == "succeeded" else done,
                    finished_at=done if kind == "succeeded" else None,
                )
                self.out.add(
                    "billing_billpayment",
                    s.payments[kind],
                    id=self.ids.take("billing_billpayment"),
                    bill_id=bill_id,
                    amount=amount,
                    late_fee_amount=ZERO,
                    out_trade_no=base_no,
                    provider_trade_no=record["trade_no"],
                    idempotency_key=f"auto:{bill_id}:{due.isoformat()}",
                    created_at=night,
                    finished_at=done if kind == "succeeded" else None,
                )
                if kind == "succeeded":
                    self._paid_journals(
                        "", base_no, order_no, period, order_id, bill_id, account, done
                    )
            for attempt in range(1, attempts + 1):
                night_day = due + timedelta(days=attempt - 1)
                night = _at(night_day, 1, 31, lease.n % 50)
                accrued = sum((fee for day, *_, fee in fees if day <= night_day), ZERO)
                number = base_no if attempt == 1 else f"{base_no}-{attempt}"
                record = self._record(
                    "failed",
                    out_no=number,
                    trade_no=self._number("T", night_day),
                    amount=amount + accrued,
                    payer=payer,
                    subject=subject,
                    agreement_no=agreement_no,
                    source_id=agreement["id"],
                    created_at=night,
                    finished_at=night + timedelta(seconds=3),
                )
                self.out.add(
                    "billing_billpayment",
                    s.payments["failed"],
                    id=self.ids.take("billing_billpayment"),
                    bill_id=bill_id,
                    amount=amount + accrued,
                    late_fee_amount=accrued,
                    out_trade_no=number,
                    provider_trade_no=record["trade_no"],
                    idempotency_key=f"auto:{bill_id}:{night_day.isoformat()}",
                    created_at=night,
                    finished_at=night + timedelta(seconds=3),
                )
            # Reminders: due soon on the night 3 days before (when that night ran), and once
            # overdue for a bill left unpaid at the reminder step (one behind an older bill:
            # the oldest is being charged then, `paying`).
            days_before = int(setting["reminder_days_before"])
            params = {
                "order_no": order_no,
                "period": str(period),
                "amount": f"{amount:.2f}",
                "due_date": due.isoformat(),
            }
            if period >= 2 and days_before > 0 and due - timedelta(days=days_before) <= last_run:
                sent = _at(max(due - timedelta(days=days_before), placed), 1, 32, lease.n % 60)
                self._reminder(bill_id, "due_soon", s.customer["phone"], params, sent)
            blocked = overdue and period > (lease.overdue_from or 0)
            if blocked and due < last_run:
                sent = _at(due + timedelta(days=1), 1, 32, lease.n % 60)
                self._reminder(bill_id, "overdue", s.customer["phone"], params, sent)
            if state in ("unpaid", "paying") and due < last_run:
                open_before_last_run.append(due)

        overdue_since = min(open_before_last_run) if open_before_last_run else None
        stage = "overdue" if overdue_since else "dealing"
        self.out.add(
            "orders_order",
            s.order,
            id=order_id,
            order_no=order_no,
            customer_id=customer_id,
            idempotency_key=f"nb-{m.slug}-{lease.n}",
            status_changed_at=delivered_at,
            lease_start=lease.start,
            lease_end=lease_end(start=lease.start, term=len(lease.due), term_unit="month"),
            withhold_agreement_no=agreement_no,
            contract_signed_at=signed_at,
            first_bill_paid_at=paid_first_at,
            shipped_at=_at(placed + timedelta(days=1), 10, 0),
            delivered_at=delivered_at,
            overdue_since=overdue_since,
            stage=stage,
            auditor_account_id=m.owner_id,
            device_serial=f"IMEI-{m.slug}-{lease.n}",
            created_at=_at(placed, 10, 0, lease.n % 60),
            updated_at=updated,
        )
        self.out.add(
            "public.orders_index_orderindex",
            s.index_row,
            id=self.pids.take("orders_index_orderindex"),
            merchant_id=m.id,
            order_id=order_id,
            order_no=order_no,
            stage=stage,
            overdue_since=overdue_since,
            created_at=_at(placed, 10, 0, lease.n % 60),
            updated_at=updated,
        )

    def _reminder(
        self, bill_id: int, kind: str, phone: str, params: dict[str, str], at: datetime
    ) -> None:
        template = "bill_overdue" if kind == "overdue" else "bill_due_soon"
        reference = self._sms(phone, template, params, at)
        self.out.add(
            "billing_billreminder",
            self.s.reminder,
            id=self.ids.take("billing_billreminder"),
            bill_id=bill_id,
            kind=kind,
            status="sent",
            provider_reference=reference,
            created_at=at,
            sent_at=at,
        )

    def _paid_journals(
        self,
        which: str,
        out_no: str,
        order_no: str,
        period: int,
        order_id: int,
        bill_id: int,
        account: int,
        at: datetime,
    ) -> None:
        memo = f"{order_no} #{period}"
        meta = {"merchant_id": self.m.id, "order_id": order_id}
        common = {"memo": memo, "order_id": order_id, "bill_id": bill_id, "order_account": account}
        self._journal(f"pay{which}", reference=f"pay:{out_no}", at=at, **common)
        self._journal(
            f"pay{which}",
            reference=f"m{self.m.id}:pay:{out_no}",
            at=at,
            public=True,
            meta=meta,
            **common,
        )
        self._journal(f"commission{which}", reference=f"commission:{out_no}", at=at, **common)
        self._journal(
            f"commission{which}",
            reference=f"m{self.m.id}:commission:{out_no}",
            at=at,
            public=True,
            meta=meta,
            **common,
        )

    def statements(self) -> None:
        """One statement per day with payments, closed the next night (T+1) when that night
        ran, as `statements.statements_close` makes them."""
        from apps.billing.statements import COMMISSION, RECEIVED, REFUNDED

        s = self.s
        settlement, settlement_entries = s.journals["settlement"]
        credit = next(e for e in settlement_entries if e["_code"] == "provider_clearing")
        debit = next(e for e in settlement_entries if e["_code"] == "merchant_cash")
        subs = dict(self._sub_accounts)
        for day in sorted(self.booked):
            if day + timedelta(days=1) > self.m.last_run:
                continue  # closes tonight (or later)
            journals = self.booked[day]
            by_kind: dict[str, Decimal] = defaultdict(lambda: ZERO)
            per_sub: dict[str, Decimal] = defaultdict(lambda: ZERO)
            for _, kind, _, _, movement in journals:
                group = (
                    "refunded"
                    if kind in REFUNDED
                    else "commission"
                    if kind in COMMISSION
                    else "received"
                )
                for sub, amount in movement.items():
                    by_kind[group] += amount
                    per_sub[sub] += amount
            net = sum(per_sub.values(), ZERO)
            closed_at = _at(day + timedelta(days=1), 1, 33)
            statement_id = self.ids.take("billing_statement")
            self.out.add(
                "billing_statement",
                s.statement,
                id=statement_id,
                period_start=day,
                period_end=day,
                cycle="T+1",
                status="closed",
                received=by_kind["received"],
                refunded=-by_kind["refunded"] + ZERO,
                commission=-by_kind["commission"] + ZERO,
                net=net,
                payments=sum(1 for _, kind, *_ in journals if kind in RECEIVED),
                closed_at=closed_at,
            )
            journal_id = self.ids.take("ledger_journal")
            self.out.add(
                "ledger_journal",
                settlement,
                id=journal_id,
                reference=f"statement:{day.isoformat()}",
                memo=f"{day.isoformat()} ~ {day.isoformat()}",
                meta=_jsonb({"statement_id": statement_id}),
                created_at=closed_at,
                moved_on=_china_day(closed_at),
                counted_on=_china_day(closed_at),
            )
            for sub, amount in per_sub.items():
                if amount > 0:
                    self.out.add(
                        "ledger_entry",
                        credit,
                        id=self.ids.take("ledger_entry"),
                        journal_id=journal_id,
                        account_id=subs[sub],
                        side="credit",
                        amount=amount,
                    )
            self.out.add(
                "ledger_entry",
                debit,
                id=self.ids.take("ledger_entry"),
                journal_id=journal_id,
                account_id=self.chart["merchant_cash"],
                side="debit",
                amount=net,
            )
            for pk, kind, order_id, at, movement in journals:
                self.out.add(
                    "billing_statementline",
                    s.statement_line,
                    id=self.ids.take("billing_statementline"),
                    statement_id=statement_id,
                    journal_id=pk,
                    kind=kind,
                    order_id=order_id,
                    amount=sum(movement.values(), ZERO),
                    booked_at=at,
                )

    @property
    def _sub_accounts(self) -> Iterable[tuple[str, int]]:
        return ((row["sub_key"], row["id"]) for row in self.out.rows["ledger_account"])


def timezone_day(at: datetime) -> date:
    from django.utils import timezone

    return timezone.localtime(at).date()


def _copy(cursor: Any, schema: str, rows: dict[str, list[dict[str, Any]]]) -> int:
    """COPYs every table's rows (tables named `public.x` go to public, others to `schema`);
    ordered so that foreign keys find their rows."""
    order = [
        "orders_customer",
        "orders_order",
        "ledger_account",
        "billing_bill",
        "billing_billpayment",
        "billing_billlatefee",
        "billing_billreminder",
        "billing_statement",
        "ledger_journal",
        "ledger_entry",
        "billing_statementline",
        "public.ledger_account",
        "public.providers_sandboxpaymentrecord",
        "public.providers_sandboxsmsmessage",
        "public.ledger_journal",
        "public.ledger_entry",
        "public.orders_index_orderindex",
    ]
    assert set(rows) <= set(order), set(rows) - set(order)
    written = 0
    for name in order:
        table_rows = rows.get(name)
        if not table_rows:
            continue
        if name.startswith("public."):
            target = f'public."{name.removeprefix("public.")}"'
        else:
            target = f'"{schema}"."{name}"'
        columns = list(table_rows[0])
        if name == "public.providers_sandboxpaymentrecord":
            # a record's source (the agreement) comes first within the batch
            table_rows.sort(key=lambda row: row["id"])
        quoted = ", ".join(f'"{c}"' for c in columns)
        with cursor.copy(f"COPY {target} ({quoted}) FROM STDIN") as copy:
            for row in table_rows:
                copy.write_row([_jsonb(row[c]) for c in columns])
        written += len(table_rows)
    return written


def merchant_fill(sample: Sample, merchant: Merchant, connection: Any) -> int:
    """Writes `merchant`'s leases from the sample (one transaction); answers the rows
    written."""
    with connection.cursor() as cursor:
        ids = Ids(cursor, merchant.schema, MERCHANT_TABLES)
        public_ids = Ids(cursor, "public", PUBLIC_TABLES)
        writer = Writer(sample, merchant, ids, public_ids, cursor)
        writer.public_accounts()
        leases = _leases(merchant, term=len(sample.bills))
        failing = 0
        for lease in leases:
            if lease.failing:
                failing += 1
                customer_id = 10_000 * failing  # payer cust-…0000: no balance at the sandbox
            else:
                customer_id = ids.take("orders_customer")
            writer.lease(lease, customer_id)
        writer.statements()
        written = _copy(cursor, merchant.schema, writer.out.rows)
        _balances(cursor, merchant.schema)
        _sequences(cursor, merchant.schema)
    connection.commit()
    return written


def _balances(cursor: Any, schema: str) -> None:
    """Each account's kept balance = its entries, on its normal side (what posting keeps)."""
    cursor.execute(
        f"""
        UPDATE "{schema}".ledger_account a SET balance = coalesce(s.net, 0)
          * CASE WHEN a.normal_side = 'debit' THEN 1 ELSE -1 END
        FROM (SELECT account_id,
                     sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) AS net
              FROM "{schema}".ledger_entry GROUP BY account_id) s
        WHERE s.account_id = a.id
        """
    )


def _sequences(cursor: Any, schema: str) -> None:
    cursor.execute(
        "SELECT c.relname, pg_get_serial_sequence(format('%%I.%%I', n.nspname, c.relname), 'id')"
        " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'id'"
        " WHERE n.nspname = %s AND c.relkind = 'r'",
        [schema],
    )
    for table, sequence in cursor.fetchall():
        if sequence:
            cursor.execute(
                f'SELECT setval(%s, greatest((SELECT max(id) FROM "{schema}"."{table}"), 1))',
                [sequence],
            )


# --- the other merchants: copies of a pattern, made in SQL --------------------------------------


def _columns(cursor: Any, schema: str, table: str) -> list[str]:
    cursor.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = %s"
        " AND table_name = %s ORDER BY ordinal_position",
        [schema, table],
    )
    return [name for (name,) in cursor.fetchall()]


def _insert_select(
    cursor: Any,
    *,
    source: str,
    target: str,
    schema: str,
    table: str,
    where: str = "TRUE",
    exprs: dict[str, str] | None = None,
    params: dict[str, Any] | None = None,
) -> None:
    """INSERT INTO target.table SELECT every column (or its expression) FROM source.table."""
    columns = _columns(cursor, schema, table)
    exprs = exprs or {}
    picked = ", ".join(exprs.get(c, f'src."{c}"') for c in columns)
    names = ", ".join(f'"{c}"' for c in columns)
    cursor.execute(
        f'INSERT INTO {target}."{table}" ({names}) SELECT {picked} FROM {source}."{table}" src'
        f" WHERE {where}",
        params or {},
    )


def _offset(cursor: Any, table: str, where: str, params: dict[str, Any]) -> int:
    """What to add to the pattern's ids in public `table` to put the copies after every row."""
    cursor.execute(
        f"SELECT (SELECT coalesce(max(id), 0) FROM public.{table}) + 1"
        f" - (SELECT coalesce(min(id), 0) FROM public.{table} src WHERE {where})",
        params,
    )
    return int(cursor.fetchone()[0])


def merchant_copy(pattern: Merchant, target: Merchant, connection: Any) -> None:
    """`target`'s leases as a copy of `pattern`'s (same dates and amounts), with its own
    provider numbers, SMS references and books in the platform's ledger (one transaction).
    The numbers made by `Writer` carry the merchant's index at fixed places: T/G + date + 9 +
    index (characters 11-13), sms_ + index (5-7)."""
    p = {
        "ps": pattern.slug,
        "ts": target.slug,
        "pid": pattern.id,
        "tid": target.id,
        "idx": f"{target.index:03d}",
        "sms": f"sms_{pattern.index:03d}",
        "pref": f"m{pattern.id}:%",
        "psub": f"merchant:{pattern.id}",
        "tsub": f"merchant:{target.id}",
        "cut": len(f"m{pattern.id}:") + 1,
    }
    number = "overlay(src.{c} placing %(idx)s from 11 for 3)"
    src, dst = f'"{pattern.schema}"', f'"{target.schema}"'
    with connection.cursor() as cursor:
        # Both schemas come from the template: their charts of accounts have the same ids.
        cursor.execute(
            f"SELECT count(*) FILTER (WHERE b.id IS NULL OR b.code <> a.code), count(*)"
            f" FROM {src}.ledger_account a LEFT JOIN {dst}.ledger_account b ON a.id = b.id"
            " WHERE a.sub_key = ''"
        )
        differing, charted = cursor.fetchone()
        assert differing == 0 and charted > 0, (differing, charted)
        cursor.execute(f"SELECT count(*) FROM {dst}.orders_order")
        assert cursor.fetchone()[0] == 0, f"{target.schema} has orders already"
        for table in MERCHANT_TABLES:
            exprs = {
                "orders_order": {"withhold_agreement_no": number.format(c="withhold_agreement_no")},
                "billing_billpayment": {
                    "provider_trade_no": "CASE WHEN src.provider_trade_no = '' THEN ''"
                    " ELSE overlay(src.provider_trade_no placing %(idx)s from 11 for 3) END"
                },
                "billing_billreminder": {
                    "provider_reference": "overlay(src.provider_reference placing %(idx)s"
                    " from 5 for 3)"
                },
            }.get(table)
            where = "src.sub_key <> ''" if table == "ledger_account" else "TRUE"
            _insert_select(
                cursor,
                source=src,
                target=dst,
                schema=pattern.schema,
                table=table,
                where=where,
                exprs=exprs,
                params=p,
            )
        cursor.execute(
            f"UPDATE {dst}.ledger_account t SET balance = s.balance FROM {src}.ledger_account s"
            " WHERE s.sub_key = '' AND t.sub_key = '' AND s.code = t.code"
        )
        _sequences(cursor, target.schema)

        # The platform's side.
        where_accounts = "src.sub_key = %(psub)s"
        p["acc"] = _offset(cursor, "ledger_account", where_accounts, p)
        cursor.execute(
            "SELECT min(id), max(id) FROM public.ledger_account src WHERE " + where_accounts, p
        )
        p["acc_lo"], p["acc_hi"] = cursor.fetchone()
        _insert_select(
            cursor,
            source="public",
            target="public",
            schema="public",
            table="ledger_account",
            where=where_accounts,
            exprs={"id": "src.id + %(acc)s", "sub_key": "%(tsub)s"},
            params=p,
        )
        where_records = "src.merchant = %(ps)s"
        p["rec"] = _offset(cursor, "providers_sandboxpaymentrecord", where_records, p)
        _insert_select(
            cursor,
            source="public",
            target="public",
            schema="public",
            table="providers_sandboxpaymentrecord",
            where=where_records,
            exprs={
                "id": "src.id + %(rec)s",
                "merchant": "%(ts)s",
                "trade_no": number.format(c="trade_no"),
                "agreement_no": "CASE WHEN src.agreement_no = '' THEN ''"
                " ELSE overlay(src.agreement_no placing %(idx)s from 11 for 3) END",
                "source_id": "src.source_id + %(rec)s",
            },
            params=p,
        )
        where_sms = "substr(src.reference, 1, 7) = %(sms)s"
        p["sms_off"] = _offset(cursor, "providers_sandboxsmsmessage", where_sms, p)
        _insert_select(
            cursor,
            source="public",
            target="public",
            schema="public",
            table="providers_sandboxsmsmessage",
            where=where_sms,
            exprs={
                "id": "src.id + %(sms_off)s",
                "reference": "overlay(src.reference placing %(idx)s from 5 for 3)",
            },
            params=p,
        )
        where_journals = "src.reference LIKE %(pref)s"
        p["jrn"] = _offset(cursor, "ledger_journal", where_journals, p)
        cursor.execute(
            "SELECT min(id), max(id) FROM public.ledger_journal src WHERE " + where_journals, p
        )
        p["jrn_lo"], p["jrn_hi"] = cursor.fetchone()
        _insert_select(
            cursor,
            source="public",
            target="public",
            schema="public",
            table="ledger_journal",
            where=where_journals,
            exprs={
                "id": "src.id + %(jrn)s",
                "reference": "'m' || %(tid)s || ':' || substr(src.reference, %(cut)s)",
                "meta": "jsonb_set(src.meta, '{merchant_id}', to_jsonb(%(tid)s::bigint))",
            },
            params=p,
        )
        where_entries = "src.journal_id BETWEEN %(jrn_lo)s AND %(jrn_hi)s AND src.journal_id IN"
        where_entries += " (SELECT id FROM public.ledger_journal WHERE reference LIKE %(pref)s)"
        p["ent"] = _offset(cursor, "ledger_entry", where_entries, p)
        _insert_select(
            cursor,
            source="public",
            target="public",
            schema="public",
            table="ledger_entry",
            where=where_entries,
            exprs={
                "id": "src.id + %(ent)s",
                "journal_id": "src.journal_id + %(jrn)s",
                "account_id": "CASE WHEN src.account_id BETWEEN %(acc_lo)s AND %(acc_hi)s"
                " THEN src.account_id + %(acc)s ELSE src.account_id END",
            },
            params=p,
        )
        where_index = "src.merchant_id = %(pid)s"
        p["idx_off"] = _offset(cursor, "orders_index_orderindex", where_index, p)
        _insert_select(
            cursor,
            source="public",
            target="public",
            schema="public",
            table="orders_index_orderindex",
            where=where_index,
            exprs={"id": "src.id + %(idx_off)s", "merchant_id": "%(tid)s"},
            params=p,
        )
        _sequences(cursor, "public")
    connection.commit()


# --- the whole database ---------------------------------------------------------------------


def missed_nights(index: int) -> int:
    """One merchant in ten had its night not run for the last 1-4 nights."""
    return 1 + (index // 10) % 4 if index % 10 == 9 else 0


def spares_make(count: int) -> None:
    """`count` spare schemas for onboarding (what the pool's Celery task keeps ready), made by
    replaying the template's dump rather than django-tenants' clone (seconds each once there
    are many schemas; benchmarks/migrations.py)."""
    import uuid

    import psycopg
    from _setup import template_dump

    from tenants.merchants.models import SpareSchema
    from tenants.merchants.provisioning import template_mark
    from tenants.merchants.replay import schema_replay

    dump = template_dump()
    mark = template_mark()
    names = [f"spare_{uuid.uuid4().hex[:16]}" for _ in range(count)]
    with psycopg.connect(os.environ["DATABASE_URL"]) as raw:
        for name in names:
            with raw.cursor() as cursor:
                schema_replay(cursor, dump, name)
            raw.commit()  # one schema a transaction: a schema's locks are many
    SpareSchema.objects.bulk_create(SpareSchema(schema_name=n, template_mark=mark) for n in names)


def merchants_make(password: str) -> list[Merchant]:
    """MERCHANTS merchants through onboarding (T+1, 5 %), each taking a spare schema."""
    from _setup import bench_settlement

    from tenants.accounts.models import Account
    from tenants.merchants.models import Merchant as MerchantRow
    from tenants.merchants.services import merchant_create

    spares_make(MERCHANTS)
    terms = bench_settlement(cycle="T+1", account_name="Nightly Bench")
    made = []
    for index in range(MERCHANTS):
        row = merchant_create(
            name=f"Nightly {index:03d}",
            slug=slug_of(index),
            owner_password=password,
            settlement=terms,
        )
        if not isinstance(row, MerchantRow):
            raise TypeError(row)
        owner = Account.objects.get(merchant=row, username="owner")
        made.append(
            Merchant(
                index=index,
                id=row.pk,
                slug=row.slug,
                schema=row.schema_name,
                owner_id=owner.pk,
                missed=missed_nights(index),
            )
        )
    return made


def prepare(database_url: str) -> None:
    """Fills the (fresh, migrated) database Django is set up on."""
    import psycopg
    from django.conf import settings
    from django.db import connection
    from django.test.utils import override_settings

    from tenants.merchants.models import Merchant as MerchantRow
    from tenants.merchants.provisioning import template_schema_ensure
    from zulin.demo import DEMO_PASSWORD

    started = time.perf_counter()
    template_schema_ensure()
    # The owners' passwords are hashed with a fast hasher here (a second of PBKDF2 each was
    # most of onboarding's time); nobody signs in to this database but the sample below.
    fast = ["django.contrib.auth.hashers.MD5PasswordHasher", *settings.PASSWORD_HASHERS]
    with override_settings(PASSWORD_HASHERS=fast):
        merchants = merchants_make(DEMO_PASSWORD)
        sample_merchant = MerchantRow.objects.get(pk=merchants[0].id)
        took = time.perf_counter() - started
        print(f"  {len(merchants)} merchants onboarded in {took:.0f} s", flush=True)
        started = time.perf_counter()
        sample = sample_make(sample_merchant)
    connection.close()
    took = time.perf_counter() - started
    print(f"  sample lease made and rolled back in {took:.1f} s", flush=True)
    started = time.perf_counter()
    patterns: dict[int, Merchant] = {}
    with psycopg.connect(database_url) as raw:
        for merchant in merchants:
            pattern = patterns.get(merchant.missed)
            if pattern is None:
                patterns[merchant.missed] = merchant
                rows = merchant_fill(sample, merchant, raw)
                took = time.perf_counter() - started
                print(
                    f"  {merchant.slug}: {rows:,} rows written ({merchant.missed} nights missed),"
                    f" {took:.0f} s",
                    flush=True,
                )
            else:
                merchant_copy(pattern, merchant, raw)
            if merchant.index % 20 == 19:
                took = time.perf_counter() - started
                print(f"  {merchant.index + 1} merchants filled, {took:.0f} s", flush=True)
        with raw.cursor() as cursor:
            _balances(cursor, "public")
            _sequences(cursor, "public")
        raw.commit()
    started = time.perf_counter()
    with psycopg.connect(database_url, autocommit=True) as raw:
        raw.execute("VACUUM ANALYZE")
    print(f"  VACUUM ANALYZE in {time.perf_counter() - started:.0f} s", flush=True)

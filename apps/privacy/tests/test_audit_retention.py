"""The audit trail's own retention on a compressed clock: a staff action's entry goes the
night it is more than 3 years old, an entry about money stays 30 years after its fiscal
year, an entry about a customer a legal hold holds stays while the hold holds; the dry run
counts what the run then deletes, the night's row counts them, and a rerun deletes nothing."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.orders.models import Order
from apps.privacy.models import RetentionRun
from apps.privacy.retention import retention_dry_run, retention_night
from tests.leases import place, placed
from zulin.audit.models import AuditEntry

HOLD = "/api/backend/createLegalHold"
LIFT = "/api/backend/liftLegalHold"


def _entry(action: str, target_type: str, target_id: int, at: datetime) -> int:
    entry = AuditEntry.objects.create(
        action=action, target_type=target_type, target_id=str(target_id), actor_name="店员"
    )
    AuditEntry.objects.filter(pk=entry.pk).update(created_at=at)
    return entry.pk


def _left(ids: dict[str, int]) -> set[str]:
    return {name for name, pk in ids.items() if AuditEntry.objects.filter(pk=pk).exists()}


def test_the_night_deletes_audit_entries_past_their_period_but_money_and_held_ones(
    demo, demo_owner, app, offer
):
    order = placed(demo, place(app, offer, key="audit-0001", phone="13700000901", seed=91))
    with tenant_context(demo):
        customer_id = Order.objects.get(pk=order.id).customer_id
    hold = demo_owner.post(
        HOLD,
        {
            "customer_id": customer_id,
            "authority": "police",
            "authority_name": "杭州市公安局西湖分局",
            "reference": "杭西公调证字〔2026〕91号",
            "reason": "调取证据，保存至办结",
        },
    )
    assert hold.ok, hold
    today = timezone.localdate()
    with tenant_context(demo):
        four_years_ago = timezone.now() - timedelta(days=4 * 366)
        two_years_ago = timezone.now() - timedelta(days=2 * 365)
        ids = {
            "staff_old": _entry("goods.sort", "goods", 1, four_years_ago),
            "staff_recent": _entry("goods.sort", "goods", 1, two_years_ago),
            "money_old": _entry("bill.waived", "order", 999, four_years_ago),
            "held_order_old": _entry("order.remark", "order", order.id, four_years_ago),
            "held_customer_old": _entry(
                "customer.phone_correct", "customer", customer_id, four_years_ago
            ),
        }
        dry = retention_dry_run(today)
        assert dry["counts"]["audit_entries"] == 1
        assert _left(ids) == set(ids)  # the dry run changed nothing

        assert retention_night(today)["counts"]["audit_entries"] == 1
        assert _left(ids) == {"staff_recent", "money_old", "held_order_old", "held_customer_old"}
        assert RetentionRun.objects.get(run_on=today).counts["audit_entries"] == 1
        assert retention_night(today)["counts"]["audit_entries"] == 0  # a rerun: nothing due

        # 27 years on, the money entry (its fiscal year ended 31 years ago) goes; the held
        # customer's stay while the hold holds.
        later = date(today.year + 27, 1, 2)
        assert retention_night(later)["counts"]["audit_entries"] >= 2
        assert _left(ids) == {"held_order_old", "held_customer_old"}

    lifted = demo_owner.post(LIFT, {"id": hold.data["id"], "reason": "公安机关解除通知"})
    assert lifted.ok, lifted
    with tenant_context(demo):
        assert retention_night(later)["counts"]["audit_entries"] >= 2
        assert _left(ids) == set()  # the hold lifted: they go the next night

"""The lease contract of an order: made from the merchant's template when the audit passes,
made again (a new version) before signing when asked, signed through the e-contract
provider, and read through a short-lived authenticated link. The PDF lives in private
storage with its SHA-256; the signed version never changes."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.goods.selectors import fineness_texts
from tenants.merchants.models import Merchant
from zulin.audit.services import audit_record, audit_settings_change
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.documents.clauses import ClauseProblem, clauses_from_data, default_lease_clauses
from zulin.documents.contract import (
    AddOn,
    Instalment,
    LeaseContractData,
    LeasedGoods,
    LeasePlan,
    Lessee,
    Lessor,
    OwnershipTransfer,
    RentUnit,
    render_lease_contract,
    sha256_hex,
)
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile
from zulin.files.services import private_file_save
from zulin.money.schedule import instalments
from zulin.providers.econtract import get_econtract_provider
from zulin.providers.interfaces import ProviderError

from . import events
from .guards import contract_refresh_refusal
from .models import Contract, ContractTemplate, Order, OrderKind
from .outcomes import order_signing_check
from .scope import order_in_scope
from .termination import contract_note


def contract_template() -> ContractTemplate:
    """The merchant's template (made on first use with the default clauses)."""
    template, created = ContractTemplate.objects.get_or_create(
        pk=1, defaults={"clauses": default_lease_clauses()}
    )
    if created or not template.lessor_name:
        merchant: Merchant = tenant_connection.tenant
        template.lessor_name = template.lessor_name or merchant.name
        template.lessor_contact = template.lessor_contact or merchant.contact_name
        template.lessor_phone = template.lessor_phone or merchant.contact_phone
        template.save()
    return template


def _template_answer(template: ContractTemplate) -> dict[str, Any]:
    return {
        "lessor_name": template.lessor_name,
        "lessor_contact": template.lessor_contact,
        "lessor_phone": template.lessor_phone,
        "lessor_address": template.lessor_address,
        "clauses": template.clauses,
        "updated_at": template.updated_at,
    }


def contract_template_read() -> dict[str, Any]:
    return _template_answer(contract_template())


def contract_template_save(*, actor: Session, fields: dict[str, Any]) -> dict[str, Any]:
    """The merchant's lessor details and clauses; contracts made from now on use them
    (those already made keep theirs). Audited with the text before and after."""
    rows = [{"title": c["title"].strip(), "body": c["body"].strip()} for c in fields["clauses"]]
    try:
        clauses_from_data(rows)
    except ClauseProblem as error:
        raise field_error("clauses", error.text) from error
    with transaction.atomic():
        contract_template()
        template = ContractTemplate.objects.select_for_update().get(pk=1)
        before = _template_answer(template)
        for name in ("lessor_name", "lessor_contact", "lessor_phone", "lessor_address"):
            setattr(template, name, fields[name].strip())
        template.clauses = rows
        template.save()
        after = _template_answer(template)
        audit_settings_change(
            actor=actor,
            action="contract.template_update",
            target_type="contract_template",
            target_id=template.pk,
            before=before,
            after=after,
        )
    return after


def lease_instalments(order: Order) -> list[Instalment]:
    """The lease's instalments as its terms make them (`zulin.money.schedule.instalments`,
    the rule billing makes the bills by on the fact `order_audit_passed` and moves them by
    on `order_delivered`; the shipping fee on bill 1): what the contract prints, from
    orders' own row. None before the lease has a start (no bill either)."""
    if order.kind != OrderKind.LEASE or order.lease_start is None:
        return []
    return [
        Instalment(
            item.period,
            item.due_date,
            item.amount + (order.shipping_fee if item.period == 1 else Decimal("0.00")),
        )
        for item in instalments(
            start=order.lease_start,
            term=order.term,
            term_unit=order.term_unit,
            rent=order.rent,
            addon_amount=order.addon_total,
        )
    ]


def _data(order: Order, contract_no: str) -> LeaseContractData:
    template = contract_template()
    customer = order.customer
    return LeaseContractData(
        contract_no=contract_no,
        order_no=order.order_no,
        issued_on=timezone.localdate(),
        lease_starts_on=order.lease_start or timezone.localdate(),
        lease_ends_on=order.lease_end or timezone.localdate(),
        lessor=Lessor(
            legal_name=template.lessor_name,
            contact_name=template.lessor_contact,
            contact_phone=template.lessor_phone,
            address=template.lessor_address,
        ),
        lessee=Lessee(name=customer.name, id_number=customer.id_number, phone=customer.phone),
        goods=LeasedGoods(
            title=order.goods_title,
            specs=" ".join(f"{k}:{v}" for k, v in order.sku_specs.items()),
            serial_number=order.device_serial,
            fineness=fineness_texts(order.fineness)[0],
        ),
        plan=LeasePlan(
            term=order.term,
            unit=RentUnit.MONTH if order.term_unit == "month" else RentUnit.DAY,
            rent_per_period=order.rent,
            deposit=order.deposit - order.deposit_waived,
            buyout_price=order.buyout_price,
            ownership=(
                OwnershipTransfer.ON_BUYOUT if order.ownership_transfer else OwnershipTransfer.NEVER
            ),
        ),
        schedule=tuple(lease_instalments(order)),
        add_ons=tuple(AddOn(a["name"], Decimal(a["price"])) for a in order.addons),
        clauses=clauses_from_data(template.clauses),
        notes=(contract_note(order),),
    )


def contract_generate(order: Order, *, actor: Session | None = None) -> Contract:
    """A new version of the order's contract (the earlier one void), sent for signing."""
    if order.contracts.filter(status=Contract.Status.SIGNED).exists():
        raise ApplicationError(ErrorCode.CONTRACT_ALREADY_SIGNED)
    version = (
        order.contracts.order_by("-version").values_list("version", flat=True).first() or 0
    ) + 1
    contract_no = f"HT{order.order_no[2:]}{version:02d}"
    document = render_lease_contract(_data(order, contract_no))
    stored = private_file_save(
        kind="contracts",
        name=f"{contract_no}.pdf",
        content=document,
        content_type="application/pdf",
        actor=actor,
    )
    order.contracts.filter(status__in=[Contract.Status.DRAFT, Contract.Status.SIGNING]).update(
        status=Contract.Status.VOID
    )
    contract = Contract.objects.create(
        order=order,
        version=version,
        contract_no=contract_no,
        file_key=str(stored.pk),
        sha256=sha256_hex(document),
    )
    try:
        flow = get_econtract_provider().create_contract(
            out_no=contract_no,
            order_no=order.order_no,
            document=document,
            document_name=f"{contract_no}.pdf",
            signer_name=order.customer.name,
            signer_phone=order.customer.phone,
            signer_id_number=order.customer.id_number,
        )
    except ProviderError as error:
        raise ApplicationError(
            ErrorCode.PROVIDER_FAILED, data={"provider_code": getattr(error, "code", "")}
        ) from error
    contract.status = Contract.Status.SIGNING
    contract.provider_reference = flow.reference
    contract.save(update_fields=["status", "provider_reference"])
    audit_record(
        actor=actor,
        action="order.contract",
        target_type="order",
        target_id=order.pk,
        after={"contract_no": contract_no, "version": version, "sha256": contract.sha256},
    )
    return contract


def contract_refresh(*, actor: Session, order_id: int) -> Contract:
    """Makes the contract again (details changed before signing); refused once signed."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        refusal = contract_refresh_refusal(order)
        if refusal is not None:
            raise refusal
        return contract_generate(order, actor=actor)


def contract_link(*, actor: Session, order_id: int) -> dict[str, Any]:
    """A short-lived authenticated link to the order's current contract PDF."""
    order = order_in_scope(actor, order_id)
    contract = order.contracts.exclude(status=Contract.Status.VOID).order_by("-version").first()
    if contract is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    stored = StoredFile.objects.get(pk=int(contract.file_key))
    return {
        "url": private_file_link(stored, session=actor, inline=True),
        "contract_no": contract.contract_no,
        "sha256": contract.sha256,
        "status": contract.status,
    }


def contract_signed(*, reference: str) -> Order | None:
    """The e-contract provider says the customer signed (its callback, re-queried)."""
    with transaction.atomic():
        contract = Contract.objects.select_for_update().filter(provider_reference=reference).first()
        if contract is None:
            return None
        order = (
            Order.objects.select_for_update().select_related("customer").get(pk=contract.order_id)
        )
        if contract.status == Contract.Status.SIGNED:
            return order
        if contract.status != Contract.Status.SIGNING:
            return order  # a void version signed late changes nothing
        contract.status, contract.signed_at = Contract.Status.SIGNED, timezone.now()
        contract.save(update_fields=["status", "signed_at"])
        order.contract_signed_at = contract.signed_at
        order.save(update_fields=["contract_signed_at", "updated_at"])
        audit_record(
            actor=None,
            action="order.contract_signed",
            target_type="order",
            target_id=order.pk,
            after={"contract_no": contract.contract_no, "sha256": contract.sha256},
        )
        events.ORDER_CONTRACT_SIGNED.publish(order)
        return order_signing_check(order)

"""Orders' published reads: what other apps may read of a merchant's orders (import-linter
holds it: another app imports of `apps.orders` only this module, `scope`, `outcomes`,
`events`, `models`, `machine`, the schemas, `services`, `intake_auth`, `governance` and the
demo). Each read answers plain rows or figures, never a model another app could write
through; the lists and the order's own page stay in `selectors.py`. A few reads live where
they are computed (guards, termination, shipping, waybills) and are published here by name.

The reads are split by who reads them (`workbench`, `credit`, `share_links`, `customers`,
`recovery`, `evidence`, `units`, `applet`); this module is their one face, and another app
imports them from here only."""

from __future__ import annotations

from ..guards import buyout_allowed as buyout_allowed
from ..guards import order_setting as order_setting
from ..guards import withhold_refusal as withhold_refusal
from ..personal import CustomerFacts as CustomerFacts
from ..personal import customer_facts as customer_facts
from ..personal import customers_ended_before as customers_ended_before
from ..personal import person_suppressed as person_suppressed
from ..selectors import account_names as account_names
from ..selectors import order_detail_of as order_detail_of
from ..selectors import order_device as order_device
from ..selectors import order_rows as order_rows
from ..shipping import order_tracking as order_tracking
from ..termination import Terms as Terms
from ..termination import min_term_end as min_term_end
from ..termination import order_terms as order_terms
from ..termination import termination_fee as termination_fee
from ..waybill_selectors import SHIPMENT_TODOS as SHIPMENT_TODOS
from ..waybill_selectors import order_shipments as order_shipments
from ..waybill_selectors import shipment_todo_counts as shipment_todo_counts
from .applet import applet_order as applet_order
from .applet import applet_order_row as applet_order_row
from .credit import CREDIT_FINAL_STATUSES as CREDIT_FINAL_STATUSES
from .credit import credit_started_lease_ids as credit_started_lease_ids
from .credit import order_credit_facts as order_credit_facts
from .credit import order_credit_query_times as order_credit_query_times
from .customers import customer_identity as customer_identity
from .customers import customer_ids_by as customer_ids_by
from .customers import customer_ids_matching as customer_ids_matching
from .customers import customer_ids_oldest as customer_ids_oldest
from .customers import customer_order_groups as customer_order_groups
from .customers import customer_order_values as customer_order_values
from .customers import customer_people as customer_people
from .customers import order_contact as order_contact
from .customers import order_ids_of_customer as order_ids_of_customer
from .evidence import order_brief as order_brief
from .evidence import order_evidence_facts as order_evidence_facts
from .evidence import order_notary_subject as order_notary_subject
from .evidence import order_timeline as order_timeline
from .recovery import order_stage_of as order_stage_of
from .recovery import recovery_list_facts as recovery_list_facts
from .recovery import recovery_order_facts as recovery_order_facts
from .share_links import share_link_order_figures as share_link_order_figures
from .share_links import share_link_order_page as share_link_order_page
from .units import overdue_order_ids as overdue_order_ids
from .units import unit_order_facts as unit_order_facts
from .workbench import awaiting_audit_order_ids as awaiting_audit_order_ids
from .workbench import order_ids_of_sub_shop as order_ids_of_sub_shop
from .workbench import order_todo_counts as order_todo_counts
from .workbench import orders_for_figures as orders_for_figures
from .workbench import orders_risk_unchecked_count as orders_risk_unchecked_count
from .workbench import signed_lease_order_ids as signed_lease_order_ids

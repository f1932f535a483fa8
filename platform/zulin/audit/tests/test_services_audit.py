from django_tenants.utils import tenant_context

from zulin.audit.models import AuditEntry
from zulin.audit.selectors import audit_trail
from zulin.audit.services import audit_record


def test_entries_are_kept_in_the_schema_of_the_change(demo, acme):
    with tenant_context(demo):
        audit_record(
            actor=None,
            action="subshop.status",
            target_type="subshop",
            target_id=7,
            before={"status": "active"},
            after={"status": "disabled"},
            reason="closing the branch",
        )

    with tenant_context(demo):
        trail = audit_trail(target_type="subshop", target_id=7)
    with tenant_context(acme):
        assert AuditEntry.objects.count() == 0

    assert len(trail) == 1
    assert trail[0]["before"] == {"status": "active"}
    assert trail[0]["after"] == {"status": "disabled"}
    assert trail[0]["actor"] == "system"
    assert trail[0]["reason"] == "closing the branch"

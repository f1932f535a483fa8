"""The guarded statuses of reporting (zulin.audit.state): a report file, a settlement batch,
and a record's replacement by its correction."""

from __future__ import annotations

from zulin.audit.state import Machine, move

from .models import CreditRecord, CreditReportFile, CreditSettlement

FILE = Machine(
    model=CreditReportFile,
    target_type="credit_file",
    moves=(
        move("generated", "submit", "submitted", "credit.manage"),
        move("submitted", "accept", "accepted"),
        move("submitted", "partly_accept", "partial"),
        move("submitted", "reject", "rejected"),
    ),
    labels={
        "generated": ("已生成", "generated"),
        "submitted": ("已报送", "submitted"),
        "accepted": ("全部接收", "accepted"),
        "partial": ("部分退回", "partly rejected"),
        "rejected": ("被退回", "rejected"),
    },
)

SETTLEMENT = Machine(
    model=CreditSettlement,
    target_type="credit_settlement",
    moves=(
        move("draft", "confirm", "confirmed", "credit.manage"),
        move(("draft", "confirmed"), "recover", "recovered", "credit.manage"),
    ),
    labels={
        "draft": ("待确认", "draft"),
        "confirmed": ("已确认", "confirmed"),
        "recovered": ("已撤回", "recovered"),
    },
)

# A record sent to the bureau and back (or still waiting to go) is corrected by a new record
# that replaces it; one inside a file the bureau is checking waits for its feedback.
RECORD = Machine(
    model=CreditRecord,
    target_type="credit_record",
    field="state",
    moves=(move(("pending", "accepted", "rejected"), "correct", "replaced", "credit.manage"),),
    labels={
        "draft": ("待确认", "draft"),
        "pending": ("待报送", "pending"),
        "in_file": ("已生成文件", "in a file"),
        "accepted": ("已接收", "accepted"),
        "rejected": ("被退回", "rejected"),
        "replaced": ("已更正", "replaced"),
        "withdrawn": ("已撤回", "withdrawn"),
    },
)

"""Waybill labels (issue 65): 200 labels of 76 × 130 mm in one PDF (a batch print), the median
of several runs; the aim is under 5 s. Two ways, each timed: drawn in one document
(`waybill_labels_pdf`, what the sandbox carrier draws) and, as `printWaybillLabels` builds
the batch, 200 single-label PDFs (one a waybill, as a carrier answers them) merged into one
with pypdf. Each run's PDF is read back: 200 pages, the first and last waybill numbers found.

Needs no database (the labels are drawn in memory). Not a test. Run: make bench-labels.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
LABELS = 200
LIMIT_SECONDS = 5.0


def main() -> int:
    sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "zulin.settings.dev")
    import django

    django.setup()
    from pypdf import PdfReader, PdfWriter

    from zulin.documents.waybill_label import WaybillLabel, waybill_labels_pdf

    labels = [
        WaybillLabel(
            waybill_no=f"SF{1400000000000 + n:013d}",
            carrier="顺丰速运 · 顺丰标快",
            receiver_name=f"客户{n:03d}",
            receiver_mobile="13700000000",
            receiver_address="广东省深圳市南山区科技园科苑路 15 号科兴科学园 B 栋 3 单元 1201 室",
            sender_name="乐租仓库",
            sender_mobile="13900000000",
            sender_address="浙江省杭州市西湖区文三路 90 号东部软件园 2 号楼 1 层",
            order_no=f"ZL2026112900{n:04d}",
            unit_serial=f"F2LXK0Q{n:05d}",
            pay_method="寄付月结",
            declared_value="保价 ¥7999.00",
        )
        for n in range(LABELS)
    ]

    def drawn() -> bytes:
        return waybill_labels_pdf(labels)

    singles = [waybill_labels_pdf([label]) for label in labels]

    def merged() -> bytes:
        writer = PdfWriter()
        for single in singles:
            for page in PdfReader(BytesIO(single)).pages:
                writer.add_page(page)
        out = BytesIO()
        writer.write(out)
        return out.getvalue()

    failed = False
    for name, build in (("drawn in one document", drawn), ("200 single labels merged", merged)):
        times = []
        for _ in range(RUNS):
            began = time.perf_counter()
            pdf = build()
            times.append(time.perf_counter() - began)
        reader = PdfReader(BytesIO(pdf))
        text = reader.pages[0].extract_text() + reader.pages[-1].extract_text()
        whole = len(reader.pages) == LABELS and labels[0].waybill_no in text
        whole = whole and labels[-1].waybill_no in text
        median = statistics.median(times)
        ok = median < LIMIT_SECONDS and whole
        failed |= not ok
        print(
            f"{name}: median {median:.2f} s of {RUNS} (max {max(times):.2f} s), "
            f"{len(pdf) / 1024:.0f} KiB, {len(reader.pages)} pages — "
            f"{'OK' if ok else 'FAIL'} (aim < {LIMIT_SECONDS:.0f} s)"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

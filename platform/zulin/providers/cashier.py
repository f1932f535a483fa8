"""The sandbox payment provider's cashier: the page a payer opens from a payment link, its
QR code or the SMS that carries it (`PaymentResult.qr_code` of a `pay` trade is
`<PUBLIC_WEB_ORIGIN>/sandbox/cashier/<trade_no>`: zulin/core/public_web.py).

A real provider's cashier lives on the provider's own address; the sandbox's is answered by
the API (`/sandbox/cashier/<trade_no>`, outside `/api`: a page for a phone's browser, not an
envelope), mounted only while the payment provider is the sandbox, and served to payers by
the web front end on the customer-facing origin (it proxies the path as it proxies `/api`).
GET shows what the trade asks (amount, what it pays, our request number) and a pay button
while it waits for the payer; the button POSTs here, the sandbox settles the trade as
`sandbox_payer_pay` does (succeeded, or failed on demand), and the answer redirects to the
same page, which then shows the outcome (a reload never pays twice; paying a settled trade
changes nothing).
The callback to our books follows as it does for every sandbox settlement."""

from __future__ import annotations

from contextlib import suppress
from decimal import Decimal

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template import engines
from django.views.decorators.http import require_http_methods

from .interfaces import PaymentOperation, PaymentStatus, ProviderError
from .models import SandboxPaymentRecord
from .payment import sandbox_payer_pay

_PAGE = engines["django"].from_string(
    """<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;
margin:0;background:#f1f5f9;color:#0f172a}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px #0002}
.sandbox{font-size:12px;color:#b45309;background:#fef3c7;border-radius:6px;padding:6px 8px}
.amount{font-size:36px;font-weight:600;margin:16px 0 4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px;margin:16px 0}
dt{color:#64748b}dd{margin:0;word-break:break-all}
button{width:100%;padding:14px;font-size:17px;border:0;border-radius:8px;
background:#1677ff;color:#fff}
.ok{color:#15803d;font-size:20px;font-weight:600}
.bad{color:#b91c1c;font-size:20px;font-weight:600}
</style>
</head>
<body><main><div class="card">
<p class="sandbox">沙箱收银台 · Sandbox cashier: no real money moves</p>
{% if record %}
<p class="amount" data-cashier-amount>¥{{ amount }}</p>
<dl>
<dt>付款内容 · For</dt><dd data-cashier-subject>{{ record.subject|default:"—" }}</dd>
<dt>商户订单号 · Order no.</dt><dd>{{ record.out_no }}</dd>
<dt>交易号 · Trade no.</dt><dd>{{ record.trade_no }}</dd>
</dl>
{% if waiting %}
<form method="post" action="">
<button type="submit" data-cashier-pay>确认支付 ¥{{ amount }} · Pay</button>
</form>
{% elif record.status == "succeeded" %}
<p class="ok" data-cashier-result="succeeded">支付成功 · Paid</p>
{% else %}
<p class="bad" data-cashier-result="failed">支付未成功 · Not paid ({{ record.reason }})</p>
{% endif %}
{% else %}
<p class="bad" data-cashier-result="missing">没有这笔付款 · No such payment</p>
{% endif %}
</div></main></body>
</html>
"""
)


def _record(trade_no: str) -> SandboxPaymentRecord | None:
    return SandboxPaymentRecord.objects.filter(
        operation=PaymentOperation.PAY, trade_no=trade_no
    ).first()


def _page(request: HttpRequest, record: SandboxPaymentRecord | None) -> HttpResponse:
    amount = (record.amount if record else Decimal("0")).quantize(Decimal("0.01"))
    context = {
        "record": record,
        "amount": f"{amount:,.2f}",
        "waiting": record is not None and record.status == PaymentStatus.PROCESSING,
        "title": f"¥{amount:,.2f} · 沙箱收银台" if record else "沙箱收银台",
    }
    response = HttpResponse(
        _PAGE.render(context, request),
        status=200 if record else 404,
        content_type="text/html; charset=utf-8",
    )
    # A payer's page: never kept by a proxy or the browser's back button as it was.
    response["Cache-Control"] = "no-store"
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def cashier(request: HttpRequest, trade_no: str) -> HttpResponse:
    record = _record(trade_no)
    if request.method == "POST" and record is not None:
        with suppress(ProviderError):  # gone meanwhile: the page says so
            sandbox_payer_pay(trade_no=trade_no)
        # Post/redirect/get: a reload shows the outcome and never posts again.
        return HttpResponseRedirect(request.path, status=303)
    return _page(request, record)

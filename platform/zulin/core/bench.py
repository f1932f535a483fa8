"""The baseline of benchmarks/foundation.py: a bare view answering a fixed JSON body."""

from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse

_BODY = Path(settings.ZULIN_BENCH_BODY).read_bytes() if settings.ZULIN_BENCH_BODY else b"{}"


def bare_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_BODY, content_type="application/json")

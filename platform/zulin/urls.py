import sys

from django.conf import settings
from django.contrib.staticfiles.views import serve as serve_static
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.urls import path, re_path
from django.views.static import serve as serve_media

from .api import api
from .core.db import database_unavailable, database_unreachable, drop_connection
from .core.envelope import error_for, error_response
from .core.errors import ErrorCode

urlpatterns = [
    path("api/", api.urls),
    # Swagger UI's own files for /api/docs (no CDN offline).
    re_path(r"^api/static/(?P<path>.*)$", serve_static, {"insecure": True}),
]


def media(request: HttpRequest, path: str) -> HttpResponseBase:
    # Uploaded pictures (dev); in production the proxy serves MEDIA_ROOT at MEDIA_URL.
    return serve_media(request, path, document_root=str(settings.MEDIA_ROOT))


if settings.SERVE_MEDIA:
    urlpatterns.append(re_path(r"^api/media/(?P<path>.*)$", media))

if settings.PAYMENT_PROVIDER == "sandbox":
    from .providers.cashier import cashier

    # The sandbox payment provider's cashier page (a payer's phone opens it): not under /api.
    urlpatterns.append(path("sandbox/cashier/<str:trade_no>", cashier))

if getattr(settings, "ZULIN_BENCH_VIEW", False):
    from .core.bench import bare_view

    urlpatterns.append(path("bench/bare", bare_view))


def handler404(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_for(request, ErrorCode.NOT_FOUND)


def handler500(request: HttpRequest) -> HttpResponse:
    # Django calls this inside its `except` block: an unreachable database raised outside the
    # API's handlers (in a middleware) still answers the 503 envelope, never a 500.
    error = sys.exc_info()[1]
    if error is not None and database_unreachable(error):
        drop_connection()
        return error_response(request, database_unavailable())
    return error_for(request, ErrorCode.SERVER_ERROR)

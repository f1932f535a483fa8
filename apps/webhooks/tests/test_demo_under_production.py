"""The cluster loads the demo under production settings, as an operator's staging would
(docs/operations.md, "The cluster"): the demo's webhook endpoint, the sandbox receiver behind
the cluster's entry over plain http, is accepted only through the allowance the cluster's
own environment names (`infra/cluster/cluster.sh`), and its deliveries pass the
private-address guard only through the cluster's allowed network. Production's values of the
settings are read from `zulin.settings.prod` itself, in a process of their own."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings
from django_tenants.utils import tenant_context

from apps.webhooks import services
from apps.webhooks.demo import webhooks_showcase_load
from apps.webhooks.models import WebhookEndpoint
from tenants.accounts.demo import demo_actor
from zulin.core.errors import ApplicationError
from zulin.core.sides import PlatformType
from zulin.webhooks.addresses import AddressRefused, address_check

ROOT = Path(__file__).resolve().parents[3]
CLUSTER = ROOT / "infra" / "cluster" / "cluster.sh"
ENTRY = "198.18.0.20"  # zl-entry, HAProxy: NET=198.18.0, entry:20


def _production_webhook_settings() -> dict[str, object]:
    """The WEBHOOKS_* values production runs with when its environment names none."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("WEBHOOKS_") and key != "DEBUG"
    }
    env |= {
        "DJANGO_SETTINGS_MODULE": "zulin.settings.prod",
        "SECRET_KEY": "test-only",
        "FIELD_ENCRYPTION_KEY": "test-only",
        "PYTHONPATH": f"{ROOT / 'platform'}{os.pathsep}{ROOT}",
    }
    script = (
        "import json, zulin.settings.prod as s; "
        "print(json.dumps({k: getattr(s, k) for k in dir(s) if k.startswith('WEBHOOKS_')}))"
    )
    done = subprocess.run(  # noqa: S603 (this Python, our own settings module)
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def _cluster_environment() -> dict[str, str]:
    """What the cluster's app environment exports of the demo's webhook settings, with the
    entry's address put in for `$(addr entry)`."""
    exported = dict(
        re.findall(r"^export (CALLBACK_BASE_URL|WEBHOOKS_\w+)=(.+)$", CLUSTER.read_text(), re.M)
    )
    return {name: value.replace("$(addr entry)", ENTRY) for name, value in exported.items()}


@pytest.fixture(scope="module")
def production() -> dict[str, object]:
    return _production_webhook_settings()


@pytest.fixture(scope="module")
def cluster() -> dict[str, str]:
    return _cluster_environment()


def test_production_names_no_plain_http_receiver_and_no_private_network(production):
    assert production == {
        "WEBHOOKS_ALLOWED_NETWORKS": [],
        "WEBHOOKS_ALLOW_LOOPBACK": False,
        "WEBHOOKS_HTTP_ALLOWED": [],
        "WEBHOOKS_REQUIRE_HTTPS": True,
    }


def test_the_cluster_names_the_demos_receiver_alone_and_the_entrys_address(cluster):
    receiver = f"http://{ENTRY}:8000/api/sandbox/webhooks/receive"
    assert cluster == {
        "CALLBACK_BASE_URL": f"http://{ENTRY}:8000",
        "WEBHOOKS_HTTP_ALLOWED": receiver,
        "WEBHOOKS_ALLOWED_NETWORKS": f"{ENTRY}/32",
    }


def test_the_webhooks_demo_loads_under_production_settings_only_with_the_clusters_allowance(
    demo, production, cluster
):
    base_url = cluster["CALLBACK_BASE_URL"]
    owner = demo_actor(platform_type=PlatformType.STORE, merchant=demo, username="owner")
    with tenant_context(demo):
        # Production as it ships: the plain-http receiver is refused and nothing is made.
        with override_settings(**production, CALLBACK_BASE_URL=base_url):
            with pytest.raises(ApplicationError) as refused:
                webhooks_showcase_load(actor=owner)
            assert "url" in refused.value.data["fields"]
            assert not WebhookEndpoint.objects.exists()

        staging = production | {
            "WEBHOOKS_HTTP_ALLOWED": cluster["WEBHOOKS_HTTP_ALLOWED"].split(","),
            "WEBHOOKS_ALLOWED_NETWORKS": cluster["WEBHOOKS_ALLOWED_NETWORKS"].split(","),
        }
        with override_settings(**staging, CALLBACK_BASE_URL=base_url):
            url = webhooks_showcase_load(actor=owner)
            assert WebhookEndpoint.objects.get().url == url == cluster["WEBHOOKS_HTTP_ALLOWED"]
            # The allowance is that one address: another plain-http one on the same host is
            # still refused.
            with pytest.raises(ApplicationError):
                services.endpoint_create(
                    url=f"{base_url}/api/sandbox/webhooks/other", event_types=["bill.paid"]
                )
            # Its deliveries pass the private-address guard (checked, nothing is sent).
            assert address_check(ENTRY, 8000, allowed=services.allowed_networks()).address == (
                ENTRY
            )
            with pytest.raises(AddressRefused):
                address_check("198.18.0.11", 8008, allowed=services.allowed_networks())

        with (
            override_settings(**production, CALLBACK_BASE_URL=base_url),
            pytest.raises(AddressRefused),
        ):
            address_check(ENTRY, 8000, allowed=services.allowed_networks())

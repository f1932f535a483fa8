"""Standard Webhooks (standardwebhooks.com), knowing no domain: signing, the retry schedule,
the addresses a delivery may reach and the one way a delivery is sent (docs/webhooks.md)."""

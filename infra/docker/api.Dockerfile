# Debian 12 (bookworm): its PostgreSQL client is 15, the product's major version.
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 UV_PROJECT_ENVIRONMENT=/usr/local
WORKDIR /app
RUN pip install --no-cache-dir uv==0.13.9
COPY pyproject.toml uv.lock ./
# pg_dump 15, the compose file's server's major version, makes new merchant schemas by
# replaying the template (tenants/merchants/replay.py picks the pg_dump of the server's major
# version: this one, not the 16 inside pgserver, which is only `make run`'s embedded fallback).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 \
    && rm -rf /var/lib/apt/lists/*
RUN uv sync --frozen --no-dev --no-install-project
COPY manage.py ./
COPY platform ./platform
COPY tenants ./tenants
COPY apps ./apps
COPY infra/gunicorn.conf.py ./infra/gunicorn.conf.py
ENV PYTHONPATH=/app/platform:/app
EXPOSE 8000

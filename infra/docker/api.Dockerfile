FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 UV_PROJECT_ENVIRONMENT=/usr/local
WORKDIR /app
RUN pip install --no-cache-dir uv==0.13.9
COPY pyproject.toml uv.lock ./
# The dependencies bring pgserver, whose pg_dump (PostgreSQL 16, as the compose file's server)
# makes new merchant schemas by replaying the template (tenants/merchants/replay.py).
RUN uv sync --frozen --no-dev --no-install-project
COPY manage.py ./
COPY platform ./platform
COPY tenants ./tenants
COPY apps ./apps
COPY infra/gunicorn.conf.py ./infra/gunicorn.conf.py
ENV PYTHONPATH=/app/platform:/app
EXPOSE 8000

"""gunicorn settings shared by `make run`, the browser tests, the benchmarks and Docker.

The API's work is CPU-bound (JSON, validation, the ORM) and short: sync workers, one per
core, beat threads on a small machine (measured in issue 10: p99 19-25 ms with sync workers
against 38-62 ms with 2 workers x 4 threads on 2 cores). Slow clients never reach a worker
directly: nginx or the Next.js server buffers them. Override with GUNICORN_WORKERS.
"""

import multiprocessing
import os

worker_class = "sync"
workers = int(os.environ.get("GUNICORN_WORKERS") or multiprocessing.cpu_count())
threads = 1
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# Longest request line (method, URL, version) gunicorn reads; longer ones get gunicorn's own
# HTML 400, so it matches the proxy's limit (docs/platform.md, "Long URLs").
limit_request_line = int(os.environ.get("GUNICORN_LIMIT_REQUEST_LINE", "8190"))

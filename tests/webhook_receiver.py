"""A real webhook receiver for the tests: a local HTTP server answering a script of
(status, headers, pause) and keeping every request's headers and raw body."""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Script:
    answers: list[tuple[int, dict[str, str], float]]
    seen: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    # Answered once the script runs out.
    otherwise: tuple[int, dict[str, str], float] = (200, {}, 0.0)


def _handler(script: Script) -> type[http.server.BaseHTTPRequestHandler]:
    class Receiver(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            body = self.rfile.read(int(self.headers["content-length"]))
            script.seen.append(({k.lower(): v for k, v in self.headers.items()}, body))
            status, headers, pause = script.answers.pop(0) if script.answers else script.otherwise
            time.sleep(pause)
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(b"answer of the receiver")

        def log_message(self, *args: object) -> None:
            pass

    return Receiver


@contextmanager
def receiver(*answers: tuple[int, dict[str, str], float]) -> Iterator[tuple[str, Script]]:
    """A receiver on 127.0.0.1 for the block: its address and its script."""
    script = Script(list(answers))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(script))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/hooks?shop=demo", script
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)

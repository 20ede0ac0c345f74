"""Scratch folders do not outlive their process: removed when their block ends, by
`remove_scratch` (Ctrl-C's watchdog, before it ends the process without unwinding), and on
SIGTERM once `remove_scratch_on_sigterm` was called — the process then ends as SIGTERM ends
it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.exits import prompt_ctrl_c
from game.files import scratch
from game.files.scratch import before_removal, in_use, remove_scratch, scratch_dir

PROJECT = Path(__file__).resolve().parents[2]


def test_a_scratch_folder_goes_when_its_block_ends(tmp_path: Path) -> None:
    with scratch_dir("smallville-test-") as folder:
        (folder / "memory").mkdir()
        (folder / "memory" / "chroma.sqlite3").write_bytes(b"half written")
        assert folder.name.startswith("smallville-test-") and folder in in_use()
    assert not folder.exists() and folder not in in_use()


def test_what_works_in_the_folders_is_ended_first_even_when_it_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(scratch, "_enders", set())
    seen: list[bool] = []

    with scratch_dir("smallville-test-") as path:

        def ender() -> None:  # e.g. a memory database's child, which would make it again
            seen.append(path.exists())
            raise OSError("already gone")

        before_removal(ender)
        before_removal(ender)  # once, however often it is given
        remove_scratch()
        assert seen == [True] and not path.exists()


def test_remove_scratch_removes_the_folders_still_in_use() -> None:
    with scratch_dir("smallville-test-") as folder:
        (folder / "file").write_text("x", encoding="utf-8")
        remove_scratch()  # the process is ending (the watchdog's way out)
        assert not folder.exists() and in_use() == frozenset()
    # the block's own clean-up then finds nothing to remove, and says nothing


PROBE = """
import sys, time
from game.files.scratch import remove_scratch_on_sigterm, scratch_dir
remove_scratch_on_sigterm()
with scratch_dir("smallville-test-") as folder:
    (folder / "memory").mkdir()
    print(folder, flush=True)
    time.sleep(60)
"""


@pytest.mark.skipif(os.name == "nt", reason="SIGTERM to a child is POSIX")
def test_sigterm_removes_the_scratch_folders_and_still_ends_the_process(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(PROJECT), "TMPDIR": str(tmp_path)}
    with subprocess.Popen(
        [sys.executable, "-c", PROBE], env=env, stdout=subprocess.PIPE, text=True
    ) as child:
        try:
            assert child.stdout is not None
            folder = Path(child.stdout.readline().strip())
            assert folder.is_dir() and folder.parent == tmp_path
            child.send_signal(signal.SIGTERM)
            assert child.wait(timeout=30) == -signal.SIGTERM  # ended by SIGTERM, as before
        finally:
            child.kill()
    assert list(tmp_path.iterdir()) == []


def test_a_headless_command_s_work_sets_the_sigterm_handler_and_puts_the_old_one_back() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with prompt_ctrl_c():
        assert signal.getsignal(signal.SIGTERM) is not before  # SIGTERM removes scratch
    assert signal.getsignal(signal.SIGTERM) is before  # the window's SDL finds it as it was

"""game.files.logs: the log file, its level and folder, secrets kept out of it; its path in
Settings and in the crash message."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.files import logs
from game.files.logs import (
    LogSetupError,
    close_logging,
    configure_logging,
    current_log_file,
    log_dir,
    log_level,
    redact,
)

KEY = "sk-test-0123456789abcdefSECRET"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def logging_to(tmp_path: Path) -> Iterator[Path]:
    path = configure_logging(logging.INFO, tmp_path / "logs")
    assert path is not None
    yield path
    close_logging()


def test_the_key_and_credentials_never_reach_the_log_file(
    logging_to: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    logs.remember_secret("typed-in-the-menu-42")
    log = logging.getLogger("cognition.llm.test")
    log.warning("calling %s with key %s", "http://127.0.0.1:1/v1", KEY)
    log.info("memory server http://ana:hunter2@127.0.0.1:8000/ and ?api_key=abc123&x=1")
    log.info("headers: Authorization: Bearer tok-987654321, typed-in-the-menu-42")
    try:
        raise ConnectionError(f"refused for key {KEY}")
    except ConnectionError:
        log.exception("the call failed")
    text = logging_to.read_text(encoding="utf-8")
    for secret in (KEY, "hunter2", "abc123", "tok-987654321", "typed-in-the-menu-42"):
        assert secret not in text
    assert "calling http://127.0.0.1:1/v1 with key [redacted]" in text
    assert "http://[redacted]@127.0.0.1:8000/" in text
    assert "ConnectionError: refused for key [redacted]" in text  # the traceback too
    assert current_log_file() == logging_to


def test_a_key_typed_in_settings_never_reaches_the_log_file(logging_to: Path) -> None:
    from game.files.settings import UserSettings
    from game.play.town_menus import PlayerSettings
    from game.ui.menus.choices import SaveSettings

    session = PlayerSettings(UserSettings(), write=lambda settings: None)
    assert session.apply(SaveSettings(UserSettings(), api_key="typed-key-0451")) is None
    logging.getLogger("game.play").warning("connecting with typed-key-0451")
    text = logging_to.read_text(encoding="utf-8")
    assert "typed-key-0451" not in text and "connecting with [redacted]" in text


def test_redact_leaves_ordinary_text_alone() -> None:
    text = "Isabella plans a party at http://127.0.0.1:11434/v1 (token budget 4000)"
    assert redact(text, set()) == text


def test_only_secret_looking_variables_are_secrets() -> None:
    env = {
        "OPENAI_API_KEY": KEY, "GITHUB_TOKEN": "ghp_abcdefgh123", "DB_PASSWORD": "hunter2hunter2",
        "TOKENIZERS_PARALLELISM": "false", "KEYBOARD_LAYOUT": "us-international",
        "SHORT_KEY": "abc",
    }  # fmt: skip
    assert logs.secret_values(env) >= {KEY, "ghp_abcdefgh123", "hunter2hunter2"}
    assert not {"false", "us-international", "abc"} & logs.secret_values(env)


def test_the_level_comes_from_the_flag_then_the_environment() -> None:
    assert log_level(None, {}) == logging.INFO
    assert log_level(None, {"SMALLVILLE_LOG_LEVEL": "debug"}) == logging.DEBUG
    assert log_level("WARNING", {"SMALLVILLE_LOG_LEVEL": "debug"}) == logging.WARNING
    with pytest.raises(LogSetupError, match=r"\$SMALLVILLE_LOG_LEVEL: 'loud'"):
        log_level(None, {"SMALLVILLE_LOG_LEVEL": "loud"})


def test_the_flag_works_before_and_after_the_subcommand() -> None:
    from game.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["--log-level", "debug", "saves"]).log_level == "DEBUG"
    assert parser.parse_args(["saves", "--log-level", "warning"]).log_level == "WARNING"
    assert parser.parse_args(["saves"]).log_level is None


def test_the_folder_follows_the_overrides(tmp_path: Path) -> None:
    assert log_dir({"SMALLVILLE_LOG_DIR": str(tmp_path)}) == tmp_path
    assert log_dir({"SMALLVILLE_DATA_DIR": str(tmp_path)}) == tmp_path / "logs"
    assert log_dir({}).name in ("log", "Logs", "smallville")  # the platform's log folder


def test_a_folder_that_cannot_be_written_leaves_no_file(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    try:
        assert configure_logging(logging.INFO, blocker / "logs") is None
        assert current_log_file() is None
    finally:
        close_logging()


def test_settings_shows_the_log_file(logging_to: Path) -> None:
    from game.files.settings import UserSettings
    from game.render.text import PixelText
    from game.ui.menus import SettingsMenu
    from game.ui.menus.items import TextLine

    pygame.init()
    try:
        pygame.display.set_mode((800, 720))
        menu = SettingsMenu(PixelText(), UserSettings(), environment_key=False)
        lines = [row.words for row in menu.rows() if isinstance(row, TextLine)]
    finally:
        pygame.quit()
    assert f"Log file: {logging_to}" in lines


def test_a_crash_is_one_line_naming_the_log_file_which_holds_the_traceback(
    tmp_path: Path,
) -> None:
    crash = (
        "import game.commands.saves as saves\n"
        "def broken(args): raise RuntimeError('the disk fell off\\nsecond line')\n"
        "saves.run = broken\n"
        "from game.cli import main\n"
        "raise SystemExit(main(['saves']))\n"
    )
    env = {**os.environ, "SMALLVILLE_LOG_DIR": str(tmp_path), "OPENAI_API_KEY": KEY}
    result = subprocess.run(
        [sys.executable, "-c", crash], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 1
    log_file = tmp_path / "smallville.log"
    assert result.stderr.strip().splitlines() == [
        f"smallville: unexpected error: RuntimeError: the disk fell off (the details are in "
        f"{log_file})"
    ]
    text = log_file.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: the disk fell off" in text

"""A key inside a server URL (`http://user:KEY@host/v1`, `?api-key=KEY`) reaches no file the
game writes: the `simulate --json` report shows the URL redacted; the settings refuse such a
URL (in the menu and in the file) with one line telling where the key goes."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.cli import main
from game.commands.simulate import write_json_report
from game.files import settings as user_settings
from game.files.settings import UserSettings

KEY = "sk-hostile-0123456789abcdef"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SMALLVILLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    return tmp_path / "data"


def keyed_urls(base_url: str) -> list[str]:
    host = base_url.removeprefix("http://")
    return [f"http://user:{KEY}@{host}", f"{base_url}?api-key={KEY}"]


def files_holding(root: Path, text: str) -> list[Path]:
    return [
        path for path in root.rglob("*") if path.is_file() and text.encode() in path.read_bytes()
    ]


@pytest.mark.skipif(os.name == "nt", reason="file modes are POSIX")
def test_the_json_report_of_a_run_holds_no_key_from_the_url(tmp_path: Path) -> None:
    with FakeOpenAIServer() as server:
        for index, url in enumerate(keyed_urls(server.base_url)):
            report = tmp_path / f"report-{index}.json"
            argv = ["simulate", "--town", "the_ville_n3", "--embedder", "hashing", "--quiet",
                    "--hours", "0.05", "--base-url", url, "--no-endpoint-check",
                    "--no-record", "--json", str(report)]  # fmt: skip
            assert main(argv) == 0
            assert stat.S_IMODE(report.stat().st_mode) == 0o600
    assert files_holding(tmp_path, KEY) == []  # (the run record's traces: see the report)


def test_a_report_holding_a_keyed_url_is_written_redacted(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text("an older report", encoding="utf-8")
    url = f"http://user:{KEY}@127.0.0.1:1/v1"
    report = {"problem": f"could not reach {url}: refused", "urls": [f"{url}?api-key={KEY}"]}
    write_json_report(path, report)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert KEY not in path.read_text(encoding="utf-8")
    assert written["problem"] == "could not reach http://***@127.0.0.1:1/v1: refused"
    assert os.name == "nt" or stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_server_that_does_not_answer_is_named_without_its_key(
    capfd: pytest.CaptureFixture[str],
) -> None:
    for url in keyed_urls("http://127.0.0.1:9/v1"):
        argv = ["simulate", "--town", "the_ville_n3", "--embedder", "hashing", "--quiet",
                "--hours", "0.05", "--base-url", url, "--no-record", "--timeout", "2"]  # fmt: skip
        assert main(argv) == 2
        captured = capfd.readouterr()
        assert "does not answer" in captured.err and KEY not in captured.err + captured.out


@pytest.mark.parametrize("field", ["base_url", "small_url", "memory_server"])
@pytest.mark.parametrize("url", [f"http://user:{KEY}@127.0.0.1:1/v1",
                                 f"http://127.0.0.1:1/v1?api-key={KEY}"])  # fmt: skip
def test_the_settings_refuse_a_url_holding_a_key(field: str, url: str) -> None:
    with pytest.raises(ValueError, match="OPENAI_API_KEY") as refused:
        UserSettings(backend="server", **{field: url})
    assert KEY not in str(refused.value)


def test_a_settings_file_holding_a_keyed_url_is_loaded_without_it(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    url = f"http://user:{KEY}@127.0.0.1:1/v1"
    path.write_text(json.dumps({"backend": "server", "base_url": url}), encoding="utf-8")
    loaded = user_settings.load(path, env={})
    assert loaded.settings.base_url == ""
    assert loaded.warning is not None and "OPENAI_API_KEY" in loaded.warning
    assert KEY not in loaded.warning
    saved = user_settings.save(loaded.settings, tmp_path / "saved.json")
    assert KEY not in saved.read_text(encoding="utf-8")
    assert os.name == "nt" or stat.S_IMODE(saved.stat().st_mode) == 0o600


def test_a_keyed_url_from_the_environment_is_kept_without_its_key(tmp_path: Path) -> None:
    env = {"OPENAI_BASE_URL": f"http://user:{KEY}@127.0.0.1:1/v1?api-key={KEY}&x=1"}
    loaded = user_settings.load(tmp_path / "missing.json", env=env)
    assert loaded.settings.base_url == "http://127.0.0.1:1/v1?x=1"
    assert loaded.warning is not None and "OPENAI_API_KEY" in loaded.warning
    saved = user_settings.save(loaded.settings, tmp_path / "saved.json")
    assert KEY not in saved.read_text(encoding="utf-8")


def test_the_settings_menu_refuses_a_keyed_url_in_one_line() -> None:
    import pygame

    from game.render.text import PixelText
    from game.ui.menus import SettingsMenu

    pygame.init()
    try:
        pygame.display.set_mode((800, 720))
        server = UserSettings(backend="server", base_url="http://127.0.0.1:1/v1")
        menu = SettingsMenu(PixelText(), server, environment_key=False)
        menu.base_url.field.text = f"http://user:{KEY}@127.0.0.1:1/v1"
        assert menu.form_settings() is None
        assert "OPENAI_API_KEY" in menu.message and KEY not in menu.message
        assert "\n" not in menu.message
    finally:
        pygame.quit()

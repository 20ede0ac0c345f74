"""pygame starts without ALSA's error spam on a machine with no sound device: audio is
initialised only where a device (or a sound server) is there (`game.ui.window.init_pygame`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.window import sound_device_present

NO_SOUND: dict[str, str] = {}


def test_an_alsa_playback_device_counts(tmp_path: Path) -> None:
    (tmp_path / "controlC0").touch()
    assert not sound_device_present(NO_SOUND, "linux", tmp_path)  # a card without playback
    (tmp_path / "pcmC0D0c").touch()
    assert not sound_device_present(NO_SOUND, "linux", tmp_path)  # capture only
    (tmp_path / "pcmC0D0p").touch()
    assert sound_device_present(NO_SOUND, "linux", tmp_path)


def test_a_sound_server_counts(tmp_path: Path) -> None:
    nowhere = tmp_path / "no-snd"
    assert not sound_device_present({"XDG_RUNTIME_DIR": str(tmp_path)}, "linux", nowhere)
    (tmp_path / "pipewire-0").touch()
    assert sound_device_present({"XDG_RUNTIME_DIR": str(tmp_path)}, "linux", nowhere)
    assert sound_device_present({"PULSE_SERVER": "tcp:host"}, "linux", nowhere)


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_other_systems_open_their_audio_as_usual(tmp_path: Path, platform: str) -> None:
    assert sound_device_present(NO_SOUND, platform, tmp_path / "no-snd")


def test_starting_pygame_without_a_device_prints_nothing(tmp_path: Path) -> None:
    """A fresh process with no SDL_AUDIODRIVER set (the tests' own setting removed): where
    there is no device the dummy driver is chosen, and either way stderr has no ALSA lines
    (a bare `pygame.init()` prints about ten on a machine without sound)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SDL_AUDIODRIVER", "PULSE_SERVER", "XDG_RUNTIME_DIR")
    }
    env |= {"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    script = (
        "import os, pygame\n"
        "from game.ui import window\n"
        "window.init_pygame()\n"
        "print(window.sound_device_present(), os.environ.get('SDL_AUDIODRIVER'))\n"
        "pygame.quit()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    present, driver = done.stdout.split()
    if present == "False":
        assert driver == "dummy"
    assert "ALSA" not in done.stderr, done.stderr

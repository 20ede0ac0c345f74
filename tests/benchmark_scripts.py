"""Loading a script of `benchmarks/` (not a package) as a module, for the tests of its pure
parts: `load_benchmark("ci_run.py")`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load_benchmark(file_name: str, module_name: str | None = None) -> ModuleType:
    """`benchmarks/<file_name>` run as module `module_name` (default: the file's stem),
    registered in `sys.modules` (dataclasses look their module up while being built)."""
    path = BENCHMARKS / file_name
    spec = importlib.util.spec_from_file_location(module_name or path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module

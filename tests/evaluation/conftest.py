"""Evaluation tests: `evaluation_records` (a small town's record built row by row) and
`offline_recipes` (a town on the offline brain for interviews)
importable."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

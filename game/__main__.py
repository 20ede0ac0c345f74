"""`python -m game`: the same as the `smallville` command."""

from game.cli import main

raise SystemExit(main())

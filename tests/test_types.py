"""The types check: mypy (configured in pyproject.toml) reports no error.

It runs as a test so that its 15 s or so of one core overlap the rest of the suite on a
fresh clone instead of standing alone before it (the README's second command)."""

from __future__ import annotations

import subprocess
import sys

from tests.cli_support import ROOT


def test_mypy_reports_no_error():
    out = subprocess.run(
        [sys.executable, "-m", "mypy"], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("Success: no issues found"), out.stdout

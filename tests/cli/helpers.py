"""Running the installed ``referee`` in end-to-end tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.conftest import referee_command


def run(*args: str, stdin: str | bytes | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The installed command with ``args`` (no colour), its standard input given, its output captured."""
    env = {**os.environ, "NO_COLOR": "1"}
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [*referee_command(), *args], input=data, capture_output=True, cwd=cwd, env=env, timeout=60, check=False
    )


def no_traceback(result: subprocess.CompletedProcess) -> None:
    assert b"Traceback" not in result.stderr and b"Traceback" not in result.stdout

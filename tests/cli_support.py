"""Two ways to run the ``wordbot`` command line in a test, with one result shape
(``subprocess.CompletedProcess``: ``returncode``, ``stdout``, ``stderr``).

- :func:`run` starts the real program in a new process (``python -m wordbot``): what a
  user types, exit code and streams as the shell sees them, the process's own start-up
  (imports, kernels from the cache) included. Every command and every game keeps tests
  of this kind.
- :func:`invoke` calls the same :data:`wordbot.cli.main` in this process through click's
  runner: the same parsing, the same code and the same one-line errors, without the
  second or so a new process spends importing numba and loading kernels. The long lists
  of inputs (bad files, rule options, every move of a game) use it. An exception the
  command line does not turn into an exit code is raised here, so a crash fails the test
  instead of passing for a clean exit.
"""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import chdir
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the short tournament of the tests that need one played: greedy against random, 4
#: games (2 deals) from seed 3
SHORT_TOURNAMENT = ("--players", "greedy,random", "--games", "4", "--seed", "3")


def cli_env(extra: dict | None = None) -> dict:
    """This process's environment with the checkout first on ``PYTHONPATH``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p
    )
    env.setdefault("PYTHONUNBUFFERED", "1")
    env.update(extra or {})
    return env


def wordbot_command(*args: str) -> list[str]:
    """The argv of the real program: ``python -m wordbot ARGS``."""
    return [sys.executable, "-m", "wordbot", *map(str, args)]


def run(
    *args: str,
    input: str | None = None,
    env: dict | None = None,
    cwd: str | os.PathLike | None = None,
    timeout: float = 300,
) -> subprocess.CompletedProcess:
    """The real ``wordbot`` program in a subprocess."""
    return subprocess.run(
        wordbot_command(*args),
        input=input,
        capture_output=True,
        text=True,
        env=cli_env(env),
        cwd=cwd,
        timeout=timeout,
    )


def invoke(
    *args: str,
    input: str | None = None,
    env: dict | None = None,
    cwd: str | os.PathLike | None = None,
) -> subprocess.CompletedProcess:
    """The same command line in this process (click's runner)."""
    from click.testing import CliRunner

    from wordbot.cli import main

    with chdir(cwd or os.getcwd()):
        result = CliRunner().invoke(main, [str(a) for a in args], input=input, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(
        ["wordbot", *map(str, args)], result.exit_code, result.stdout, result.stderr
    )


def one_line_refusal(proc: subprocess.CompletedProcess, *needles: str) -> str:
    """Exit 2, nothing on stdout, one short line on stderr holding every needle: how the
    command line refuses bad input."""
    from wordbot.errors import MAX_MESSAGE

    assert proc.returncode == 2, (proc.returncode, proc.stdout[:300], proc.stderr[-2000:])
    assert proc.stdout == ""
    line = proc.stderr.strip()
    assert "\n" not in line and "Traceback" not in line, line[-2000:]
    assert line.startswith("wordbot: error: ") and len(line) <= MAX_MESSAGE + 20, line
    for needle in needles:
        assert needle in line, (needle, line)
    return line


def kill_when(args: list[str], path: Path, lines: int = 1) -> None:
    """Run ``wordbot ARGS`` and SIGKILL it with its workers, with no chance to clean
    up, once the file ``path`` holds ``lines`` lines (a run's saved progress)."""
    import signal
    import time

    proc = subprocess.Popen(
        wordbot_command(*args),
        env=cli_env(),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.time() + 120
    try:
        while time.time() < deadline and proc.poll() is None:
            if path.exists() and path.read_bytes().count(b"\n") >= lines:
                break
            time.sleep(0.01)
        assert proc.poll() is None, "the run ended before it could be killed"
        os.killpg(proc.pid, signal.SIGKILL)  # the run and its workers, no clean-up
    finally:
        proc.wait(timeout=30)

"""The speed page, measured: ``python benchmarks/speed_table.py --write docs/speed.md``.

Runs the pytest-benchmark suites of this folder (``-k EXPR`` for some of them) in one
process on one machine and makes one table of their medians: what each measures (the
first paragraph of its docstring), the median time of one round, and the figure a
benchmark reports besides (games a second, nanoseconds a query, ...). The page gets
the date, the machine and the command; the sections other scripts keep in the page
(each between ``<!-- name -->`` and ``<!-- /name -->``) stay as they are, after it.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from strength_ladder import machine, publish  # noqa: E402  (beside this script)

PAGE = """# Speed

How fast wordbot's parts are, measured by the pytest-benchmark suites under
`benchmarks/` in one run on one machine: the median of each benchmark's rounds (one
round is one call of what the first column names; a figure per item, such as games a
second, is in the last column). Benchmarks on many positions report the time of the
whole set; the last column divides it where the benchmark says how. Compare figures of
one machine only: the same code runs two to five times faster or slower on another.

{table}

- Measured {date} on {machine}.
- Made by `{command}`; `pytest benchmarks` alone prints pytest-benchmark's own table.
"""


#: a section another script keeps in the page, between its markers
SECTION = re.compile(r"<!-- ([\w-]+) -->.*?<!-- /\1 -->", re.S)


def kept_sections(path: Path | None) -> str:
    r"""The sections other scripts keep in the page at ``path``, as they are.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     page = Path(tmp) / "speed.md"
    ...     _ = page.write_text("# Speed\n\ntable\n\n<!-- a -->\n## A\n<!-- /a -->\n")
    ...     print(kept_sections(page))
    <BLANKLINE>
    <!-- a -->
    ## A
    <!-- /a -->
    <BLANKLINE>
    """
    if path is None or not path.exists():
        return ""
    return "".join(f"\n{m.group(0)}\n" for m in SECTION.finditer(path.read_text()))


def write_section(path: Path, name: str, section: str) -> None:
    """Put ``section`` in the page at ``path`` between ``<!-- name -->`` and
    ``<!-- /name -->``: in the place of what they held, else at the end (where the
    table's ``--write`` keeps it)."""
    start, stop = f"<!-- {name} -->", f"<!-- /{name} -->"
    page, block = path.read_text(), f"{start}\n{section}\n{stop}"
    if start in page:
        head, _, rest = page.partition(start)
        page = head + block + rest.partition(stop)[2]
    else:
        page = page.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(page)


def unit(seconds: float) -> str:
    """A duration with a unit that keeps three or four digits.

    >>> unit(0.0000412), unit(0.0123), unit(2.5)
    ('41.2 us', '12.3 ms', '2.50 s')
    """
    for scale, name in ((1e-6, "ns"), (1e-3, "us"), (1.0, "ms")):
        if seconds < scale:
            return f"{seconds / scale * 1e3:.3g} {name}"
    return f"{seconds:.3g} s" if seconds < 10 else f"{seconds:.1f} s"


def docstrings(path: Path) -> dict[str, str]:
    """The first paragraph of each test function's docstring in ``path``, on one line."""
    tree = ast.parse(path.read_text())
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            doc = ast.get_docstring(node) or ""
            out[node.name] = " ".join(doc.split("\n\n")[0].split())
    return out


def extra(info: dict) -> str:
    return ", ".join(
        f"{k.replace('_', ' ')} {v:,.4g}"
        if isinstance(v, float)
        else f"{k.replace('_', ' ')} {v}"
        for k, v in info.items()
        if isinstance(v, int | float | str)
    )


def table(report: dict) -> str:
    lines = ["| benchmark | what | median | besides |", "|---|---|---|---|"]
    docs: dict[str, dict[str, str]] = {}
    for bench in report["benchmarks"]:
        file, _, name = bench["fullname"].partition("::")
        function = name.split("[", 1)[0]
        if file not in docs:
            docs[file] = docstrings(ROOT / file)
        what = docs[file].get(function, "").replace("|", "/")
        lines.append(
            f"| `{Path(file).stem.removeprefix('bench_')}::{name}` | {what} "
            f"| {unit(bench['stats']['median'])} | {extra(bench.get('extra_info', {}))} |"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", dest="select", default=None, help="pytest's -k EXPR")
    parser.add_argument("--write", type=Path, default=None, help="write the page here")
    args = parser.parse_args(argv)
    started = datetime.date.today().isoformat()
    where = machine()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        cmd = [sys.executable, "-m", "pytest", str(HERE), "-q", "-p", "no:randomly",
               f"--benchmark-json={out}"]  # fmt: skip
        if args.select:
            cmd += ["-k", args.select]
        done = subprocess.run(cmd, cwd=ROOT)
        if done.returncode != 0:
            return done.returncode
        made = table(json.loads(out.read_text()))
    kept = kept_sections(args.write).replace("{", "{{").replace("}", "}}")
    publish(made, PAGE + kept, args.write, started, where, argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())

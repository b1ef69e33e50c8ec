#!/usr/bin/env python3
"""Rebuild dictionaries/scowl80.txt.gz from Debian bookworm's ``scowl`` source package.

The list is the union of ``final/english-words.N`` and ``final/american-words.N`` for
N = 10 ... 80, read as Latin-1, keeping lines that are only lowercase a-z and at least two
letters long (proper names, abbreviations and contractions are separate SCOWL lists and
are left out). Expected: 242,821 words, md5 of the text 0e4e2aee7f944002e1272815a45a7fad.

Needs ``apt-get`` (Debian or Ubuntu) and network access to deb.debian.org. It uses a
private apt state directory, so the system's sources list is not touched and no root
rights beyond what ``apt-get update`` needs are required.

Usage: python dictionaries/rebuild_scowl80.py [--out FILE] [--workdir DIR]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80)
EXPECTED_WORDS = 242_821
EXPECTED_MD5 = "0e4e2aee7f944002e1272815a45a7fad"
WORD = re.compile(r"[a-z]{2,}")


def fetch_source(workdir: Path) -> Path:
    """Download the scowl source package with a private apt configuration."""
    (workdir / "lists" / "partial").mkdir(parents=True, exist_ok=True)
    sources = workdir / "sources.list"
    sources.write_text("deb-src http://deb.debian.org/debian bookworm main\n")
    opts = [
        f"-oDir::Etc::SourceList={sources}",
        "-oDir::Etc::SourceParts=/dev/null",
        f"-oDir::State::Lists={workdir / 'lists'}",
    ]
    subprocess.run(["apt-get", *opts, "update"], check=True, cwd=workdir)
    subprocess.run(
        ["apt-get", *opts, "source", "--download-only", "scowl=2020.12.07-2"],
        check=True,
        cwd=workdir,
    )
    return next(workdir.glob("scowl_*.orig.tar.gz"))


def words_from_tarball(tarball: Path) -> list[str]:
    wanted = {f"final/{kind}-words.{n}" for kind in ("english", "american") for n in SIZES}
    words: set[str] = set()
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            name = member.name.split("/", 1)[-1]
            if name in wanted:
                member_file = tar.extractfile(member)
                assert member_file is not None  # a word list is a regular file
                text = member_file.read().decode("latin-1")
                words.update(line for line in text.splitlines() if WORD.fullmatch(line))
    return sorted(words)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).with_name("scowl80.txt.gz")
    )
    parser.add_argument(
        "--workdir",
        type=Path,
        default=None,
        help="where to download (default: a temporary directory)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = args.workdir or Path(tmp)
        words = words_from_tarball(fetch_source(workdir))
    text = "".join(w + "\n" for w in words).encode("ascii")
    md5 = hashlib.md5(text).hexdigest()
    print(f"{len(words):,} words, md5 {md5}")
    if len(words) != EXPECTED_WORDS or md5 != EXPECTED_MD5:
        print("warning: this differs from the bundled list", file=sys.stderr)
    args.out.write_bytes(gzip.compress(text, mtime=0))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

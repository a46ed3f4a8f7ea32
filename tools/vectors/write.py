"""Writes the golden vectors and the browser's ruleset: ``python -m tools.vectors tests/vectors``.

The Python engine is the reference; these files pin its behaviour so that the
browser's JavaScript port (and any later change to this engine) can be checked move
for move. The schema is documented at the top of ``tests/vectors/loader.py``.

Everything here is deterministic: challenges are shuffles of the 56 tiles from fixed
seeds, searches draw from seeded generators, and files are written with sorted keys,
one case per line, in a fixed order. Running the command twice gives identical
files; a test checks it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.vectors.build import VectorFile, vectors_build
from triominos.classic.computer import EASY_MISSES_BONUS, EASY_SEES, EASY_SKEW, STRENGTHS
from triominos.ruleset import ruleset_document

__all__ = [
    "COMPUTERS_JSON",
    "RULESET_JSON",
    "computers_render",
    "main",
    "ruleset_render",
    "vectors_render",
    "vectors_write",
]

# The JavaScript engine imports every number of the game from here (one source: the
# Python Ruleset), so it holds no rule constant of its own.
RULESET_JSON = (
    Path(__file__).resolve().parents[2] / "challenges/static/challenges/rules/ruleset.json"
)


# The easy computer's numbers, for the browser's port of the computers (an offline game).
COMPUTERS_JSON = RULESET_JSON.parent / "classic" / "computers.json"


def ruleset_render() -> str:
    return json.dumps(ruleset_document(), indent=2) + "\n"


def computers_render() -> str:
    document = {
        "easy_sees": EASY_SEES,
        "easy_misses_bonus": EASY_MISSES_BONUS,
        "easy_skew": EASY_SKEW,
        "strengths": list(STRENGTHS),
    }
    return json.dumps(document, indent=2) + "\n"


def vectors_render(vector_file: VectorFile) -> str:
    """The file's text: sorted keys, one case per line (small diffs, readable in review)."""
    head = {
        "description": vector_file.description,
        "file": vector_file.name,
        "schema": 1,
    }
    lines = ["{"]
    lines.append('"cases": [')
    rendered = [json.dumps(case, sort_keys=True, ensure_ascii=False) for case in vector_file.cases]
    lines.append(",\n".join(rendered))
    lines.append("],")
    head_items = [f"{json.dumps(key)}: {json.dumps(value)}" for key, value in sorted(head.items())]
    lines.append(",\n".join(head_items))
    lines.append("}")
    return "\n".join(lines) + "\n"


def vectors_write(directory: Path) -> list[Path]:
    """Write every vector file into ``directory`` (created if needed); return the paths."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for vector_file in vectors_build():
        path = directory / vector_file.name
        path.write_text(vectors_render(vector_file), encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m tools.vectors OUTPUT_DIR", file=sys.stderr)
        return 2
    RULESET_JSON.write_text(ruleset_render(), encoding="utf-8")
    print(f"{RULESET_JSON}: the ruleset for the browser")
    COMPUTERS_JSON.write_text(computers_render(), encoding="utf-8")
    print(f"{COMPUTERS_JSON}: the computers' numbers for the browser")
    paths = vectors_write(Path(args[0]))
    for path in paths:
        document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        size = path.stat().st_size
        print(f"{path}: {len(document['cases'])} cases, {size} bytes")
    return 0

"""python -m tools.catalogs update | compile [PO ...] | check (see __init__.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from tools.catalogs import (
    DOMAINS,
    LANGUAGES,
    ROOT,
    catalog_path,
    check,
    compile_catalog,
    makemessages,
)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"update", "compile", "check"}:
        print(__doc__, file=sys.stderr)
        return 2
    command, paths = argv[0], argv[1:]
    if command == "update":
        makemessages(ROOT)
        print("catalogs: updated; translate the new entries, then `make lint`")
        return 0
    if command == "compile":
        targets = [Path(path) for path in paths] or [
            catalog_path(language, domain) for language in LANGUAGES for domain in DOMAINS
        ]
        for po_path in targets:
            compile_catalog(po_path)
        return 0
    problems = check()
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(f"catalogs: {len(problems)} problem(s); see docs/i18n.md", file=sys.stderr)
        return 1
    print("catalogs: every message translated, none fuzzy, none missing")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

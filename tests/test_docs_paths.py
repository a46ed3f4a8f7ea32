"""Every file the docs name in backticks exists: a path, whole from the repository's
root or its tail (``tests/api/test_tokens.py``, ``play/words.js``; with ``::name`` a
function in it), or a bare file name (``run_rows.py``) that some file in the tree
bears. A file moved or deleted without its docs fails here, not in a reader's search."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))

# A span that names a file: no spaces, and a code or text file's ending.
_FILE = re.compile(
    r"[\w./-]+\.(?:py|pyi|js|mjs|html|css|md|po|json|toml|txt|sh|conf|cfg|yml|yaml|ini)"
    r"(?:::\w+)?"
)
_SPAN = re.compile(r"`([^`\n]+)`")
_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
# Files of elsewhere: the shared contracts beside the repository, a Django module, and
# CPython's own random.py (which the classic computer's shuffle follows).
ELSEWHERE = frozenset({"API.md", "DESIGN.md", "RULES.md", "django.conf", "Lib/random.py"})


@cache
def _tree() -> tuple[frozenset[str], frozenset[str]]:
    """The files git tracks (with the ones it does not yet but does not ignore): their
    paths, and their names."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    # git lists what the index holds: a file deleted in the working tree is gone.
    paths = frozenset(path for path in listed if (ROOT / path).exists())
    return paths, frozenset(path.rsplit("/", 1)[-1] for path in paths)


def named_files(text: str) -> list[str]:
    """The files ``text`` names in inline code (not in fenced blocks: commands). A
    function of the file named just before, ``…::name``, is named with that file."""
    named: list[str] = []
    for span in _SPAN.findall(_FENCE.sub("", text)):
        if span.startswith("…::") and named:
            named.append(named[-1].partition("::")[0] + span.removeprefix("…"))
        elif _FILE.fullmatch(span):
            named.append(span)
    return named


def missing(name: str) -> str | None:
    """Why ``name`` names nothing in the tree, or None when it does."""
    paths, names = _tree()
    if name.startswith(("../", "/", "~")) or name in ELSEWHERE:
        return None  # outside the repository, or a URL's path
    path, _, function = name.partition("::")
    if "/" not in path:
        return None if path in names else f"no file is named {path}"
    found = [whole for whole in paths if whole == path or whole.endswith(f"/{path}")]
    if not found:
        return f"{path} does not exist"
    # A name cut short ("test_redis_stopped…") names the one it begins.
    cut = function.endswith("…")
    defined = re.compile(rf"def {re.escape(function.rstrip('…'))}" + ("" if cut else r"\b"))
    if function and not any(defined.search((ROOT / whole).read_text()) for whole in found):
        return f"{path} has no {function}"
    return None


def test_the_files_named_are_found_by_name_and_by_path() -> None:
    assert named_files("see `tests/test_docs_paths.py` and `a b.py`, `/play/`, `…::x`") == [
        "tests/test_docs_paths.py",
        "tests/test_docs_paths.py::x",
    ]
    assert missing("tests/test_docs_paths.py") is None
    assert missing("test_docs_paths.py") is None
    assert missing("e2e/conftest.py") is None
    assert missing("tests/test_docs_paths.py::test_every_file_named_in_the_docs_exists") is None
    assert missing("tests/no_such_test_file.py") == "tests/no_such_test_file.py does not exist"
    assert missing("no_such_file.py") == "no file is named no_such_file.py"
    assert missing("tests/test_docs_paths.py::test_every_file_named…") is None
    assert missing("tests/test_docs_paths.py::test_not_here") == (
        "tests/test_docs_paths.py has no test_not_here"
    )


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: doc.name)
def test_every_file_named_in_the_docs_exists(doc: Path) -> None:
    problems = [
        f"`{name}`: {why}"
        for name in named_files(doc.read_text())
        if (why := missing(name)) is not None
    ]
    assert problems == [], f"docs/{doc.name} names what is not there:\n" + "\n".join(problems)

"""The translation catalogs (docs/i18n.md): locale/<language>/LC_MESSAGES/django.po (the
templates' and Python's words) and djangojs.po (the JavaScript's).

- ``update`` runs Django's makemessages for every language and both domains, with the
  options below (needs GNU gettext's xgettext and msgmerge: apt ``gettext``).
- ``compile`` writes each .po's .mo with polib (pure Python, so ``make install`` needs
  no system package); the .mo files are build products, never committed.
- ``check`` fails on a catalog with a fuzzy, untranslated or missing entry, a
  translation whose placeholders or HTML tags differ from its English, or when
  makemessages (run on a copy of the project) finds a string the catalogs lack or no
  longer finds one they hold.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import polib

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent.parent
LOCALE = ROOT / "locale"
# English is the source language (the msgids are the English words); the catalogs are
# every other language of the settings.
LANGUAGES = tuple(code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE)
DOMAINS = ("django", "djangojs")
# What makemessages reads: the apps and the templates, never the tests, the tools, the
# documentation or the collected static files. Hidden directories (.venv) are skipped
# by makemessages itself.
IGNORED = (
    "tests",
    "tools",
    "docs",
    "deploy",
    "staticfiles",
    "test-artifacts",
    "node_modules",
    "*.egg-info",
    "locale",
)
# The parts of the project a check copies to run makemessages on.
SOURCES = ("triominos", "accounts", "challenges", "config", "templates", "locale", "manage.py")
# File names only, no line numbers: a line moved is no change to the catalogs.
MAKEMESSAGES_OPTIONS = ("--add-location=file", "--no-wrap", "--no-obsolete")

PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]|%%|%[sd]")
TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)")


def catalog_path(language: str, domain: str, root: Path = ROOT) -> Path:
    return root / "locale" / language / "LC_MESSAGES" / f"{domain}.po"


def makemessages(root: Path) -> None:
    """Runs makemessages in ``root`` (the project or a copy of it), both domains."""
    for domain in DOMAINS:
        command = [sys.executable, "manage.py", "makemessages", "-d", domain]
        command += [arg for language in LANGUAGES for arg in ("-l", language)]
        command += [f"--ignore={pattern}" for pattern in IGNORED]
        command += list(MAKEMESSAGES_OPTIONS)
        subprocess.run(command, cwd=root, check=True, capture_output=True, text=True)


def compile_catalog(po_path: Path) -> Path:
    """Writes the .mo beside ``po_path``; returns its path."""
    mo_path = po_path.with_suffix(".mo")
    polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
    return mo_path


def _key(entry: polib.POEntry) -> tuple[str, str, str]:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def _shown(key: tuple[str, str, str]) -> str:
    context, msgid, _plural = key
    return f"{context}|{msgid}" if context else msgid


@dataclass
class Problems:
    lines: list[str]

    def add(self, where: str, what: str) -> None:
        self.lines.append(f"{where}: {what}")


def _placeholders(text: str) -> Counter[str]:
    return Counter(match.group(1) or match.group(0) for match in PLACEHOLDER.finditer(text))


def _tags(text: str) -> Counter[str]:
    return Counter(TAG.findall(text))


def _translations(entry: polib.POEntry) -> list[tuple[str, str]]:
    """(English, translation) pairs of an entry: one, or one per plural form."""
    if entry.msgid_plural:
        forms = sorted(entry.msgstr_plural.items())
        return [(entry.msgid if index == 0 else entry.msgid_plural, text) for index, text in forms]
    return [(entry.msgid, entry.msgstr)]


def catalog_problems(po_path: Path, where: str | None = None) -> list[str]:
    """What is wrong with one catalog: fuzzy or untranslated entries, translations whose
    placeholders or tags differ from the English."""
    problems = Problems([])
    name = where or str(po_path.relative_to(ROOT) if po_path.is_relative_to(ROOT) else po_path)
    if not po_path.exists():
        return [f"{name}: missing"]
    catalog = polib.pofile(str(po_path))
    for entry in catalog:
        if entry.obsolete:
            continue
        label = f"{name}: {_shown(_key(entry))!r}"
        if "fuzzy" in entry.flags:
            problems.add(label, "fuzzy")
            continue
        pairs = _translations(entry)
        if not pairs or any(not text for _english, text in pairs):
            problems.add(label, "untranslated")
            continue
        for english, text in pairs:
            if _placeholders(english) != _placeholders(text) and not (
                # A singular form may say "one" in words instead of its count.
                entry.msgid_plural and english == entry.msgid
            ):
                problems.add(label, f"placeholders differ in {text!r}")
            if _tags(english) != _tags(text):
                problems.add(label, f"HTML tags differ in {text!r}")
    return problems.lines


def catalogs_problems(root: Path = ROOT) -> list[str]:
    lines: list[str] = []
    for language in LANGUAGES:
        for domain in DOMAINS:
            lines += catalog_problems(catalog_path(language, domain, root))
    return lines


def _active_keys(po_path: Path) -> set[tuple[str, str, str]]:
    if not po_path.exists():
        return set()
    return {_key(entry) for entry in polib.pofile(str(po_path)) if not entry.obsolete}


def extraction_problems(root: Path = ROOT) -> list[str]:
    """The strings makemessages finds in the sources that the catalogs lack, and those
    the catalogs hold that it no longer finds. Runs on a copy: the catalogs stay as
    they are."""
    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="catalogs-") as scratch:
        copy = Path(scratch) / "project"
        copy.mkdir()
        for name in SOURCES:
            source = root / name
            if source.is_dir():
                shutil.copytree(
                    source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo")
                )
            elif source.exists():
                shutil.copy2(source, copy / name)
        makemessages(copy)
        for language in LANGUAGES:
            for domain in DOMAINS:
                held = _active_keys(catalog_path(language, domain, root))
                found = _active_keys(catalog_path(language, domain, copy))
                where = f"locale/{language}/LC_MESSAGES/{domain}.po"
                for key in sorted(found - held):
                    lines.append(f"{where}: new string not in the catalog: {_shown(key)!r}")
                for key in sorted(held - found):
                    lines.append(f"{where}: no longer in the sources: {_shown(key)!r}")
    return lines


def gettext_tools_present() -> bool:
    return all(shutil.which(tool) for tool in ("xgettext", "msgmerge", "msguniq"))


def check(root: Path = ROOT) -> list[str]:
    """Every problem of the catalogs; makemessages' part needs GNU gettext, and is
    skipped without it unless TOD_REQUIRE_SERVICES is set (CI installs it)."""
    lines = catalogs_problems(root)
    if gettext_tools_present():
        lines += extraction_problems(root)
    elif os.environ.get("TOD_REQUIRE_SERVICES"):
        lines.append("GNU gettext (xgettext, msgmerge) is missing: apt-get install gettext")
    else:
        print(
            "catalogs: GNU gettext is not installed; not checking for new strings "
            "(apt-get install gettext)",
            file=sys.stderr,
        )
    return lines

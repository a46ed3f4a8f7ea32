"""The catalogs' check (tools/catalogs, run by `make lint`): the real catalogs pass it, and
it fails on each fault it is there to catch: a fuzzy, untranslated or missing entry, a
translation whose placeholders or tags differ, and a string the sources say that no
catalog holds (makemessages, both domains)."""

from __future__ import annotations

import gettext
import shutil
from pathlib import Path

import polib
import pytest

from tests.conftest import service_missing
from tools import catalogs

HEADER = {
    "Content-Type": "text/plain; charset=UTF-8",
    "Plural-Forms": "nplurals=2; plural=(n != 1);",
}


def _catalog(path: Path, entries: list[polib.POEntry]) -> Path:
    po = polib.POFile()
    po.metadata = HEADER
    for entry in entries:
        po.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(path))
    return path


def test_the_real_catalogs_have_every_message_translated() -> None:
    assert catalogs.catalogs_problems() == []


def test_a_fuzzy_untranslated_or_missing_catalog_is_refused(tmp_path: Path) -> None:
    fuzzy = polib.POEntry(msgid="Start a run", msgstr="Runde starten", flags=["fuzzy"])
    empty = polib.POEntry(msgid="Play again", msgstr="")
    plural = polib.POEntry(
        msgid="%(count)s tile",
        msgid_plural="%(count)s tiles",
        msgstr_plural={0: "%(count)s Stein", 1: ""},
    )
    fine = polib.POEntry(msgid="Share", msgstr="Teilen")
    path = _catalog(tmp_path / "de.po", [fuzzy, empty, plural, fine])
    problems = catalogs.catalog_problems(path, "de.po")
    assert problems == [
        "de.po: 'Start a run': fuzzy",
        "de.po: 'Play again': untranslated",
        "de.po: '%(count)s tile': untranslated",
    ]
    assert catalogs.catalog_problems(tmp_path / "nothing.po", "nothing.po") == [
        "nothing.po: missing"
    ]


def test_a_translation_must_keep_the_placeholders_and_tags(tmp_path: Path) -> None:
    entries = [
        polib.POEntry(msgid="Score %(score)s.", msgstr="Punkte %(punkte)s."),
        polib.POEntry(msgid="top %(percent)s%%", msgstr="Top %(percent)s %"),
        polib.POEntry(msgid='See <a href="%(url)s">it</a>.', msgstr="Siehe %(url)s."),
        polib.POEntry(
            msgid="%(count)s move",
            msgid_plural="%(count)s moves",
            # A singular may say "one" in words; the plural must keep its count.
            msgstr_plural={0: "ein Zug", 1: "Züge"},
        ),
        polib.POEntry(msgid="Par %(par)s.", msgstr="Par %(par)s."),
    ]
    problems = catalogs.catalog_problems(_catalog(tmp_path / "de.po", entries), "de.po")
    assert [line.split(": ", 2)[1] + ": " + line.split(": ", 2)[2].split(" in ")[0]
            for line in problems] == [
        "'Score %(score)s.': placeholders differ",
        "'top %(percent)s%%': placeholders differ",
        "'See <a href=\"%(url)s\">it</a>.': HTML tags differ",
        "'%(count)s move': placeholders differ",
    ]  # fmt: skip


def test_compile_writes_a_catalog_gettext_reads(tmp_path: Path) -> None:
    po = _catalog(
        tmp_path / "LC_MESSAGES" / "django.po",
        [
            polib.POEntry(msgid="Share", msgstr="Partager"),
            polib.POEntry(
                msgid="%(count)s tile",
                msgid_plural="%(count)s tiles",
                msgstr_plural={0: "%(count)s pièce", 1: "%(count)s pièces"},
            ),
        ],
    )
    mo = catalogs.compile_catalog(po)
    with mo.open("rb") as compiled:
        translations = gettext.GNUTranslations(compiled)
    assert translations.gettext("Share") == "Partager"
    assert translations.ngettext("%(count)s tile", "%(count)s tiles", 3) == "%(count)s pièces"


def _project_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    copy.mkdir()
    for name in catalogs.SOURCES:
        source = catalogs.ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / name)
    return copy


@pytest.mark.parametrize(
    ("path", "addition", "domain"),
    [
        ("templates/404.html", '{% translate "A string no catalog holds" %}', "django"),
        (
            "challenges/static/challenges/play/words.js",
            'export const NEW_WORDS = gettext("A string no catalog holds");\n',
            "djangojs",
        ),
    ],
)
def test_a_new_string_in_the_sources_fails_the_check(
    tmp_path: Path, path: str, addition: str, domain: str
) -> None:
    if not catalogs.gettext_tools_present():
        service_missing("GNU gettext (xgettext, msgmerge) is not installed")
    copy = _project_copy(tmp_path)
    with (copy / path).open("a") as source:
        source.write(addition)
    problems = catalogs.extraction_problems(copy)
    for language in catalogs.LANGUAGES:
        assert (
            f"locale/{language}/LC_MESSAGES/{domain}.po: new string not in the catalog: "
            "'A string no catalog holds'"
        ) in problems
    assert len(problems) == len(catalogs.LANGUAGES)


def test_the_sources_say_nothing_the_catalogs_lack() -> None:
    if not catalogs.gettext_tools_present():
        service_missing("GNU gettext (xgettext, msgmerge) is not installed")
    assert catalogs.extraction_problems() == []

"""Finds English left on a page shown in another language ("no English string
left"), against the English catalog: every msgid of locale/<language>/ (django and
djangojs), the English the templates, Python and JavaScript say.

The page's text is read after its scripts ran: every text node, every element's whole
text, the title and the attributes people hear or see (aria-label, title, alt,
placeholder, aria-valuetext, value of buttons). A msgid is English left when one of
those texts *is* it, placeholders standing for any value. Messages whose translation is
the same word (Par, API, Bonus in German) cannot be told apart and are not looked for,
nor are messages with under three letters of their own ("%(cell)s.") or, around
placeholders, with no word of their own ("%(h)sh %(m)sm %(s)ss").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import polib

LOCALE = Path(__file__).resolve().parents[2] / "locale"
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|%[sd]")
_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")

# The page's texts, as the browser shows them and screen readers say them.
PAGE_TEXTS_JS = """() => {
  const texts = [document.title];
  const skip = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"]);
  const shown = NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT;
  const walker = document.createTreeWalker(document.body, shown);
  const attributes = [
    "aria-label", "title", "alt", "placeholder", "aria-valuetext", "data-ended-text",
  ];
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!skip.has(node.parentElement?.tagName)) texts.push(node.nodeValue);
      continue;
    }
    if (skip.has(node.tagName)) continue;
    texts.push(node.textContent);
    for (const name of attributes) {
      const value = node.getAttribute(name);
      if (value) texts.push(value);
    }
    const button = node.tagName === "INPUT" && ["button", "submit"].includes(node.type);
    if (button) texts.push(node.value);
  }
  const description = document.querySelector("meta[name=description]");
  if (description) texts.push(description.content);
  return texts;
}"""


def _normal(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


@dataclass(frozen=True)
class EnglishMessage:
    english: str
    pattern: re.Pattern[str]


def _pattern(english: str) -> re.Pattern[str] | None:
    shown = _normal(_TAG.sub("", english))
    literal = _PLACEHOLDER.sub(" ", shown)
    if sum(char.isalpha() for char in literal) < 3:
        return None
    if _PLACEHOLDER.search(shown) and not re.search(r"[A-Za-z]{3,}", literal):
        return None  # "%(h)sh %(m)sm %(s)ss": units, not words
    parts = _PLACEHOLDER.split(shown)
    # A value neither starts nor ends with a space ("top 1 %" is French, not
    # "top %(n)s%"), and is no longer than a sentence.
    body = r"\S(?:.{0,200}?\S)?".join(re.escape(part) for part in parts)
    return re.compile(body.replace(r"%%", "%").replace(r"\%\%", "%"))


def english_messages(language: str) -> list[EnglishMessage]:
    """The English catalog's messages worth looking for on a page in ``language``."""
    messages: list[EnglishMessage] = []
    for domain in ("django", "djangojs"):
        catalog = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"))
        for entry in catalog:
            if entry.obsolete:
                continue
            if entry.msgid_plural:
                pairs = [
                    (entry.msgid, entry.msgstr_plural.get(0, "")),
                    (entry.msgid_plural, entry.msgstr_plural.get(1, "")),
                ]
            else:
                pairs = [(entry.msgid, entry.msgstr)]
            for english, translated in pairs:
                if _normal(english) == _normal(translated):
                    continue
                pattern = _pattern(english)
                if pattern is not None:
                    messages.append(EnglishMessage(english, pattern))
    return messages


def english_left(page: Any, language: str) -> list[str]:
    """Each English message found on ``page``, with the text it was found in."""
    texts = {_normal(text) for text in page.evaluate(PAGE_TEXTS_JS) if text and text.strip()}
    found = []
    for message in english_messages(language):
        for text in texts:
            if message.pattern.fullmatch(text):
                found.append(f"{message.english!r} in {text[:120]!r}")
                break
    return found


class _HtmlTexts(HTMLParser):
    """The texts of a page as the server wrote it (before any script ran)."""

    ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "data-ended-text")

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "noscript", "template"):
            self._skipping += 1
        named = dict(attrs)
        self.texts += [value for name, value in attrs if name in self.ATTRIBUTES and value]
        if tag == "meta" and named.get("name") == "description" and named.get("content"):
            self.texts.append(named["content"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "noscript", "template"):
            self._skipping = max(0, self._skipping - 1)

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.texts.append(data)


def english_left_in_html(content: str, language: str) -> list[str]:
    """english_left for a page's HTML as the server sent it: its text nodes and the
    attributes people hear or see."""
    parser = _HtmlTexts()
    parser.feed(content)
    texts = {_normal(text) for text in parser.texts if text.strip()}
    found = []
    for message in english_messages(language):
        for text in texts:
            if message.pattern.fullmatch(text):
                found.append(f"{message.english!r} in {text[:120]!r}")
                break
    return found

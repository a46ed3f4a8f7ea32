"""The classic game against the computer (a room): ``services`` writes, ``selectors``
reads, ``errors`` are their refusals. docs/classic.md describes it."""

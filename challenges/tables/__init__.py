"""Live tables (a room): two to four people, and computers, at one classic game.
``services`` writes, ``selectors`` reads; ``pairing`` the rated pool, ``leaving`` the
clocks' consequences, ``ratings`` and ``push`` what follows an event. docs/tables.md."""

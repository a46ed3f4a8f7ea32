"""Live tables (a room): two to four people, and computers, at one classic game.
``services`` writes, ``selectors`` reads; ``pairing`` the rated pool, ``leaving`` the
clocks' consequences, ``ratings`` and ``push`` what follows an event, ``game_facts``
what the reads need of the game, kept by the writes. docs/tables.md."""

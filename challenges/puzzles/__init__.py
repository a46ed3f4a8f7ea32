"""The puzzles' room (docs/puzzles.md): the stored series and puzzles of the day, and
each player's progress, checked by the engine before it is kept."""

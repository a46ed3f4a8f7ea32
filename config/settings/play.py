"""The game's limits and clocks: live tables, follows, classic games and runs.

A run's time limit, its finish grace, the clock slack and the results time are rules:
they live in the engine's Ruleset (triominos/ruleset.py), not here.
"""

from __future__ import annotations

from config.settings.environment import env

# Live tables (docs/tables.md): a push is a hint, so waiting on it is bounded.
TABLE_PUSH_TIMEOUT = env.float("TABLE_PUSH_TIMEOUT", default=0.5)
# The clocks: a live bank and its increment and cap, a correspondence move's time.
TABLE_LIVE_BANK_SECONDS = env.int("TABLE_LIVE_BANK_SECONDS", default=90)
TABLE_LIVE_INCREMENT_SECONDS = env.int("TABLE_LIVE_INCREMENT_SECONDS", default=20)
TABLE_LIVE_BANK_CAP_SECONDS = env.int("TABLE_LIVE_BANK_CAP_SECONDS", default=150)
TABLE_CORRESPONDENCE_MOVE_SECONDS = env.int("TABLE_CORRESPONDENCE_MOVE_SECONDS", default=86400)
# A seat to move unseen this long shows as away; this long away, it may be claimed.
TABLE_AWAY_SECONDS = env.int("TABLE_AWAY_SECONDS", default=5)
TABLE_CLAIM_AWAY_SECONDS = env.int("TABLE_CLAIM_AWAY_SECONDS", default=40)
# A table waits this long for its players (and its invitation lasts as long).
TABLE_OPEN_MINUTES = env.int("TABLE_OPEN_MINUTES", default=30)
TABLE_CORRESPONDENCE_OPEN_DAYS = env.int("TABLE_CORRESPONDENCE_OPEN_DAYS", default=7)
# Tables one waits at before they start: a player, a guest.
TABLES_OPEN_PER_PLAYER = env.int("TABLES_OPEN_PER_PLAYER", default=3)
TABLES_OPEN_PER_GUEST = env.int("TABLES_OPEN_PER_GUEST", default=1)
# The rated pool: ratings shown this far apart at first, widening by as much for every
# so many seconds waited; a wave at most this often from requests.
TABLE_PAIRING_SPREAD = env.int("TABLE_PAIRING_SPREAD", default=100)
TABLE_PAIRING_WIDEN_SECONDS = env.int("TABLE_PAIRING_WIDEN_SECONDS", default=15)
TABLE_PAIRING_WAVE_SECONDS = env.int("TABLE_PAIRING_WAVE_SECONDS", default=2)
TABLE_PROVISIONAL_GAMES = env.int("TABLE_PROVISIONAL_GAMES", default=5)

# A player follows at most this many others (challenges.players.follows.follow_add).
FOLLOWS_LIMIT = env.int("FOLLOWS_LIMIT", default=500)

# Classic games (challenges/classic/services.py, docs/classic.md): unfinished games a
# player keeps at once; those of the guests made on one network, together; and the days
# without an action after which an unfinished game is removed (beat and command).
CLASSIC_OPEN_GAMES_LIMIT = env.int("CLASSIC_OPEN_GAMES_LIMIT", default=5)
CLASSIC_GUEST_OPEN_GAMES_LIMIT = env.int("CLASSIC_GUEST_OPEN_GAMES_LIMIT", default=20)
CLASSIC_ABANDONED_DAYS = env.int("CLASSIC_ABANDONED_DAYS", default=7)

# A player starts at most this many runs of one challenge (a person plays dozens in the
# 8 hours; a script filling the disk, thousands).
RUNS_PER_CHALLENGE_LIMIT = env.int("RUNS_PER_CHALLENGE_LIMIT", default=300)
# No request needs more: a run log of 103 moves is under 10 kB. Larger bodies get a 413.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024

"""The API (Django REST framework): who may call it, how its answers are written, and
its throttles."""

from __future__ import annotations

from config.settings.environment import env
from config.settings.security import NUM_PROXIES

REST_FRAMEWORK = {
    # Token first: an anonymous call then gets 401 with "WWW-Authenticate: Token",
    # telling a script how to authenticate (the browser's session works either way).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.HashedTokenAuthentication",
        "config.csrf.CsrfSessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["config.json_api.OrjsonRenderer"],
    "DEFAULT_PARSER_CLASSES": ["config.json_api.OrjsonParser"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "config.json_api.JsonFirstNegotiation",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "challenges.api.errors.api_exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "run_start": env.str("RUN_START_THROTTLE", default="30/min"),
        # An archive run's rank (a replay): a run lasts seconds, so a person asks a few a minute.
        "archive_rank": env.str("ARCHIVE_RANK_THROTTLE", default="30/min"),
        # A run sends a batch every 3 s or so (20 a minute); retries and a second tab fit.
        "run_moves": env.str("RUN_MOVES_THROTTLE", default="120/min"),
        "auth": env.str("AUTH_THROTTLE", default="20/min"),
        # Reports of entries: a player reads a board and reports a few, not hundreds.
        "entry_report": env.str("ENTRY_REPORT_THROTTLE", default="10/hour"),
        # New guests per client address: each guest is throttled like a player, so a
        # script making guests by the hundred would get round the run limits.
        "guest_start": env.str("GUEST_START_THROTTLE", default="30/hour"),
        # Following and unfollowing (the API and the player page's button): a person
        # follows a few players at a time, a script hundreds a minute.
        "follow": env.str("FOLLOW_THROTTLE", default="30/min"),
        # Classic games: a turn is a request; a quick player makes a few a second at most.
        "classic_start": env.str("CLASSIC_START_THROTTLE", default="30/min"),
        "classic_turn": env.str("CLASSIC_TURN_THROTTLE", default="240/min"),
        # Saving a solved puzzle (a locked row write): a person solves one in tens of
        # seconds at the quickest; a script, dozens a second.
        "puzzle_solve": env.str("PUZZLE_SOLVE_THROTTLE", default="20/min"),
        # Tables: making and joining them, the pool; a reaction is a click, not a chat.
        "table_make": env.str("TABLE_MAKE_THROTTLE", default="30/min"),
        "table_react": env.str("TABLE_REACT_THROTTLE", default="20/min"),
        # Turning reminders on and off: a person does it a few times, from a few browsers.
        "reminders": env.str("REMINDERS_THROTTLE", default="30/hour"),
    },
    "NUM_PROXIES": NUM_PROXIES,
}

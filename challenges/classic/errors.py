"""The refusals of the classic room, each with its stable code and HTTP status."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from challenges.errors import ServiceError

# What the rules refuse, in words a player reads (the engine's own details are English).
REFUSAL_WORDS: dict[str, Promise] = {
    "opening_required": _("The round has not opened yet: the opener plays first."),
    "wrong_opening": _("The round opens with the highest triple (or the highest tile)."),
    "tile_not_in_hand": _("You do not hold that tile."),
    "draw_limit": _("You have drawn three times this turn: play a tile or pass."),
    "well_empty": _("The well is empty: play a tile or pass."),
    "pass_not_allowed": _("You may pass only after three draws, or when the well is empty."),
    "bad_rotation": _("That rotation does not exist."),
    "cell_occupied": _("That space is taken."),
    "first_not_at_origin": _("The first tile goes in the middle of the board."),
    "not_adjacent": _("A tile must touch the tiles on the board."),
    "corner_mismatch": _("The numbers on the touching corners must match."),
}


class ClassicGameNotFound(ServiceError):
    code = "not_found"
    http_status = 404
    default_detail = _("You have no classic game with this id.")


class ClassicGameOver(ServiceError):
    code = "game_over"
    http_status = 409
    default_detail = _("This game is over.")


class ClassicNotYourTurn(ServiceError):
    code = "not_your_turn"
    http_status = 409
    default_detail = _("It is not your turn.")


class ClassicStale(ServiceError):
    """The client acted on an older state of the game (another tab played meanwhile)."""

    code = "stale_game"
    http_status = 409
    default_detail = _("The game has moved on since: reload it.")


class ClassicRefused(ServiceError):
    """The rules refuse the action; ``code`` is the rule's (RULES.md's codes and the
    classic game's)."""

    http_status = 422

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(str(REFUSAL_WORDS.get(code, _("The rules do not allow that."))))


class ClassicOpenGamesLimit(ServiceError):
    """The player has as many unfinished games as a player keeps."""

    code = "too_many_open_games"
    http_status = 409

    def __init__(self, limit: int) -> None:
        super().__init__(
            gettext(
                "You have %(limit)s unfinished classic games, the most a player keeps: "
                "finish or resign one before starting another."
            )
            % {"limit": limit}
        )


class ClassicGuestGamesLimit(ServiceError):
    """Guests made on one network hold as many unfinished games as they may together."""

    code = "too_many_guest_games"
    http_status = 409
    default_detail = _(
        "Guests from your network have too many unfinished classic games: finish one, or "
        "sign up to play on."
    )

"""The refusals of the tables room, each with its stable code and HTTP status."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from challenges.errors import ServiceError


class TableNotFound(ServiceError):
    code = "not_found"
    http_status = 404
    default_detail = _("There is no table with this id.")


class TableStale(ServiceError):
    """The client acted on an older event than the table's last."""

    code = "stale_table"
    http_status = 409
    default_detail = _("Something happened at the table since: look again.")


class TableNotOpen(ServiceError):
    code = "table_not_open"
    http_status = 409
    default_detail = _("This table is not taking players any more.")


class TableNotPlaying(ServiceError):
    code = "game_over"
    http_status = 409
    default_detail = _("The game at this table is over.")


class TableNotStarted(ServiceError):
    code = "table_not_started"
    http_status = 409
    default_detail = _("The game starts when every seat is taken.")


class NotSeated(ServiceError):
    code = "not_seated"
    http_status = 403
    default_detail = _("You have no seat at this table.")


class AlreadySeated(ServiceError):
    code = "already_seated"
    http_status = 409
    default_detail = _("You already have a seat at this table.")


class InviteInvalid(ServiceError):
    code = "invite_invalid"
    http_status = 403
    default_detail = _("This table takes players by invitation, and this one is not valid.")


class InviteeNotFollowed(ServiceError):
    code = "invitee_not_followed"
    http_status = 400
    default_detail = _("You can invite a player you follow, and you do not follow this one.")


class TooManyOpenTables(ServiceError):
    code = "too_many_tables"
    http_status = 409
    default_detail = _("You are already waiting at as many tables as you may.")


class ClaimNotAllowed(ServiceError):
    code = "claim_not_allowed"
    http_status = 409
    default_detail = _("The player to move is still here, and their clock is still running.")


class PairingForAccounts(ServiceError):
    code = "sign_up_to_pair"
    http_status = 403
    default_detail = _("Rated tables are for players with an account: sign up to join the pool.")


class PairingAlready(ServiceError):
    code = "already_seated"
    http_status = 409
    default_detail = _("You are already playing at a rated table.")

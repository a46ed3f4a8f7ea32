"""The live tables room's writes: what the faces may ask it to do (docs/tables.md)."""

from challenges.tables.leaving import (
    table_claim,
    table_resign,
    table_timeouts_settle,
    tables_expire,
)
from challenges.tables.pairing import pairing_join, pairing_leave, pairing_wave, pairing_wave_due
from challenges.tables.seating import (
    table_act,
    table_create,
    table_join,
    table_react,
    table_seen,
    tables_seen,
)

__all__ = [
    "pairing_join",
    "pairing_leave",
    "pairing_wave",
    "pairing_wave_due",
    "table_act",
    "table_claim",
    "table_create",
    "table_join",
    "table_react",
    "table_resign",
    "table_seen",
    "table_timeouts_settle",
    "tables_expire",
    "tables_seen",
]

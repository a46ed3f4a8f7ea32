"""drf-spectacular's hooks for what the API's schema says of the game itself."""

from __future__ import annotations

from typing import Any

from challenges.slots import slot_length_hours


def schema_game_description(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: the API's description, with the slot's length from the
    schedule (the settings, which name this hook, import no app)."""
    result.setdefault("info", {})["description"] = (
        f"A shared Tri-Ominos challenge every {slot_length_hours()} hours; "
        "every run replayed by the server."
    )
    return result

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from challenges.models import Challenge
from challenges.slots import slot_number

pytestmark = pytest.mark.django_db


def _make(*args: str) -> str:
    out = StringIO()
    call_command("challenges_make", *args, stdout=out)
    return out.getvalue()


def test_makes_the_current_and_next_slots_once() -> None:
    current = slot_number(at=timezone.now())
    output = _make("--ahead", "3")
    numbers = set(Challenge.objects.values_list("number", flat=True))
    assert numbers in ({current + i for i in range(4)}, {current + 1 + i for i in range(4)})
    assert f"challenge #{min(numbers)}: " in output
    _make("--ahead", "3")
    assert Challenge.objects.count() == 4


def test_ahead_zero_makes_only_the_current_one() -> None:
    _make("--ahead", "0")
    assert Challenge.objects.count() == 1


def test_refuses_a_negative_ahead() -> None:
    with pytest.raises(CommandError, match="--ahead"):
        _make("--ahead", "-1")

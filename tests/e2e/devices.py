"""The two screens the play tests run on: a desktop, and a phone held upright.

A module that plays on both imports ``each_device``: the fixture ``device``, each name in
turn, which overrides pytest-playwright's own ``device`` in that module only (so it is
not in the conftest). Its tests open their context with ``DEVICES[device]``.
"""

from __future__ import annotations

from typing import Any

import pytest

DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
PHONE = DEVICES["phone"]


@pytest.fixture(name="device", params=sorted(DEVICES))
def each_device(request: pytest.FixtureRequest) -> str:
    return str(request.param)

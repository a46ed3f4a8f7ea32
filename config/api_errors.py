"""The shape of every API error, shared by every app's API: ``{"detail", "code"}``.

It lives here, with the project's wiring, so that ``accounts`` and ``challenges``
describe their errors alike without one app's API importing the other's.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class ErrorSerializer(serializers.Serializer[Any]):
    detail = serializers.CharField(help_text="What went wrong, for people.")
    code = serializers.CharField(help_text="What went wrong, for programs.")

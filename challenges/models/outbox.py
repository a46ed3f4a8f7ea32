"""Work a request asked for, kept in the database until a worker has done it.

A request never talks to the broker: it writes a row here, in the same transaction
as the row that needs the work (a new challenge and its par), so the work is asked for
exactly when that row exists, and an outage of Redis loses nothing. The beat's
``outbox_drain`` task (or, with no worker, the process's background thread) takes the
rows, does the work and deletes them (challenges/schedule/outbox.py).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class OutboxTask(models.Model):
    name = models.CharField(_("task"), max_length=80)
    key = models.CharField(
        _("key"),
        max_length=120,
        unique=True,
        help_text=_("One waiting row per piece of work: asking again adds nothing."),
    )
    kwargs = models.JSONField(_("arguments"), default=dict)
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    claimed_until = models.DateTimeField(
        _("claimed until"),
        null=True,
        blank=True,
        help_text=_("A drainer is doing it until then; after that another may take it."),
    )
    attempts = models.PositiveIntegerField(_("attempts"), default=0)

    class Meta:
        verbose_name = _("outbox task")
        verbose_name_plural = _("outbox tasks")
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.name} {self.key}"

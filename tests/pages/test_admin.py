from __future__ import annotations

import html

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db.models import Model
from django.test import Client
from django.utils import timezone
from django.utils.functional import Promise

from challenges.models import Entry, EntryDecision, EntryReport
from challenges.slots import slot_number
from tests.e2e.english_left import english_left_in_html
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory
from tests.languages import TRANSLATED

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff() -> Client:
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    client = Client()
    client.force_login(admin)
    return client


def test_the_void_action_takes_entries_off_the_board(staff: Client) -> None:
    keep, void = EntryFactory(score=10), EntryFactory(score=20)
    response = staff.post(
        "/admin/challenges/entry/",
        {"action": "void_entries", "_selected_action": [void.pk], "confirmed": "yes"},
        follow=True,
    )
    assert response.status_code == 200
    assert "Voided 1 entry." in response.content.decode()
    void.refresh_from_db()
    keep.refresh_from_db()
    assert void.voided_at is not None
    # Who voided it is the record's, not the player's to read on the board.
    assert void.void_reason == ""
    decision = EntryDecision.objects.get(entry=void)
    assert (decision.verdict, decision.reason) == ("void", "Voided by root from the admin.")
    assert keep.voided_at is None


def test_typing_a_reason_voids_an_entry(staff: Client) -> None:
    entry = EntryFactory()
    # What the browser posts: the reason, and the (empty) inlines' form counts.
    form = {
        "void_reason": "Bot",
        "decisions-TOTAL_FORMS": "0",
        "decisions-INITIAL_FORMS": "0",
        "decisions-MIN_NUM_FORMS": "0",
        "decisions-MAX_NUM_FORMS": "1000",
        "reports-TOTAL_FORMS": "0",
        "reports-INITIAL_FORMS": "0",
        "reports-MIN_NUM_FORMS": "0",
        "reports-MAX_NUM_FORMS": "1000",
    }
    response = staff.post(f"/admin/challenges/entry/{entry.pk}/change/", form)
    assert response.status_code == 302
    entry.refresh_from_db()
    assert (entry.void_reason, entry.voided_at is not None) == ("Bot", True)
    assert entry.status == Entry.Status.VOID
    decision = entry.decisions.get()
    assert (decision.verdict, decision.reason, decision.decided_by.username) == (
        "void",
        "Bot",
        "root",
    )


@pytest.mark.parametrize("model", ["challenge", "run", "entry"])
def test_admin_lists_render(staff: Client, model: str) -> None:
    EntryFactory()
    RunFactory(finished=True)
    assert staff.get(f"/admin/challenges/{model}/").status_code == 200


def test_runs_and_challenges_are_read_only(staff: Client) -> None:
    run = RunFactory()
    assert staff.get("/admin/challenges/run/add/").status_code == 403
    assert staff.get("/admin/challenges/challenge/add/").status_code == 403
    assert staff.get(f"/admin/challenges/run/{run.pk}/change/").status_code == 200
    assert Entry.objects.count() == 0


def test_the_runs_list_has_short_columns(staff: Client) -> None:
    run = RunFactory()
    body = staff.get("/admin/challenges/run/").content.decode()
    assert f">{str(run.pk)[:8]}…</a>" in body
    assert f">{run.pk}<" not in body, "the whole id is not a column"
    assert f">#{run.challenge_id}<" in body


# --- the admin in the moderator's language ---------------------------


def _models() -> list[type[Model]]:
    return [
        *apps.get_app_config("challenges").get_models(),
        *apps.get_app_config("accounts").get_models(),
    ]


@pytest.mark.parametrize("model", _models(), ids=lambda model: model.__name__)
def test_every_label_of_our_models_is_translatable(model: type[Model]) -> None:
    """The names the admin shows come from the catalog: each model's names and each
    field's label and help (English typed there would stay English in French)."""
    meta = model._meta
    assert isinstance(meta.verbose_name, Promise), f"{model.__name__}: verbose_name"
    assert isinstance(meta.verbose_name_plural, Promise), f"{model.__name__}: verbose_name_plural"
    for field in meta.get_fields(include_parents=False):
        if field.auto_created or not field.concrete or field.name == "id":
            continue  # reverse relations, implicit keys: named by Django
        assert isinstance(field.verbose_name, Promise), f"{model.__name__}.{field.name}"
        help_text = field.help_text
        assert not help_text or isinstance(help_text, Promise), f"{model.__name__}.{field.name}"


@pytest.fixture
def admin_pages(staff: Client) -> list[str]:
    """The moderator's pages: the index, the review queue (a held entry with what the
    review measured, a reported one), and the change forms of an entry, a run and a
    challenge."""
    results_out = ChallengeFactory(number=slot_number(at=timezone.now()) - 3)
    held = EntryFactory(
        challenge=results_out,
        status=Entry.Status.HELD,
        hold_reasons=[Entry.HoldReason.NEAR_PAR, Entry.HoldReason.FAST_PACE],
        features={
            "par": 480, "par_ratio": 0.93, "choices": 12, "solver_match": 0.75,
            "median_gap_ms": 640, "min_gap_ms": 210,
        },
    )  # fmt: skip
    reported = EntryFactory(challenge=results_out)
    EntryReport.objects.create(
        entry=reported,
        reporter=UserFactory(),
        reason=EntryReport.Reason.NOT_HUMAN,
        reported_at=timezone.now(),
    )
    EntryDecision.objects.create(
        entry=reported,
        verdict=EntryDecision.Verdict.APPROVE,
        decided_at=timezone.now(),
        reason="Approved from the queue.",
    )
    return [
        "/admin/",
        "/admin/challenges/",
        "/admin/challenges/heldentry/",
        f"/admin/challenges/entry/{held.pk}/change/",
        f"/admin/challenges/entry/{reported.pk}/change/",
        f"/admin/challenges/run/{held.run_id}/change/",
        f"/admin/challenges/challenge/{results_out.pk}/change/",
        "/admin/accounts/apitoken/",
    ]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_admin_has_no_english_left(
    staff: Client, admin_pages: list[str], language: str
) -> None:
    left = []
    for path in admin_pages:
        response = staff.get(path, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, (path, response.status_code)
        page = response.content.decode()
        assert f'lang="{language}"' in page
        left += [f"{path}: {found}" for found in english_left_in_html(page, language)]
    assert not left, "\n".join(left)


def test_the_review_queue_and_a_change_form_speak_french(
    staff: Client, admin_pages: list[str]
) -> None:
    queue = staff.get("/admin/challenges/heldentry/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "participation retenue (file de vérification)" in queue
    assert "93% du par 480; choix du solveur : 75% sur 12" in queue
    assert "signalée 1 fois (jouée par un programme" in queue
    assert ">revoir</a>" in queue
    held_form = html.unescape(staff.get(admin_pages[3], HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    for label in ("Motifs de mise en attente", "Motif d'invalidation", "Envoyée le", "Mesures"):
        assert label in held_form, label


def test_the_scan_finds_english_in_the_admin(staff: Client, admin_pages: list[str]) -> None:
    english = staff.get("/admin/challenges/heldentry/", HTTP_ACCEPT_LANGUAGE="en")
    left = "\n".join(english_left_in_html(english.content.decode(), "fr"))
    assert "'Why here'" in left
    assert "'watch'" in left


def test_a_french_moderators_void_is_recorded_in_english(
    staff: Client, admin_pages: list[str]
) -> None:
    """The queue speaks French; the reason stored with the entry is a record, in English
    (docs/i18n.md, "Records stay English")."""
    held = Entry.objects.get(status=Entry.Status.HELD)
    response = staff.post(
        f"/admin/challenges/heldentry/{held.pk}/void/",
        {"confirmed": "yes"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 302
    held.refresh_from_db()
    decision = EntryDecision.objects.get(entry=held, verdict="void")
    assert decision.reason == (
        "Voided from the review queue (A score near par (the solver's best); "
        "Placements quicker than people place tiles)."
    )
    # The hold's measures are the record's: the player reads no reason of them.
    assert held.void_reason == ""


def test_the_admin_pages_carry_the_sites_icon(staff: Client) -> None:
    """Without an icon of its own a page makes the browser ask for /favicon.ico (404)."""
    pages = {path: staff.get(path) for path in ("/admin/", "/admin/challenges/entry/")}
    pages["/admin/login/"] = Client().get("/admin/login/")
    for path, answer in pages.items():
        assert answer.status_code == 200, path
        assert '<link rel="icon" href="data:image/svg+xml,' in answer.content.decode(), path

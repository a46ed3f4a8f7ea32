"""The site's header and footer. For a reader not logged in they are the same on every
page but for the language, the page's name (the menu marks it), the reader's address
(the log-in links return to it) and the footer form's CSRF token: each is rendered once
per process with stand-ins for the last two, which are then put in. Rendering them was
about a quarter of a page's CPU.
"""

from __future__ import annotations

from urllib.parse import quote

from django import template
from django.conf import settings
from django.db import DatabaseError
from django.template.context import Context
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from challenges.tables import selectors as tables_selectors

register = template.Library()

HEADER = "_site_header.html"
FOOTER = "_site_footer.html"
# Stand-ins that the templates' filters leave as they are (urlencode, escaping).
_NEXT = "/next-address-stand-in/"
_TOKEN = "csrf-token-stand-in"
_TOKEN_INPUT = f'<input type="hidden" name="csrfmiddlewaretoken" value="{_TOKEN}">'

_made: dict[tuple[str, ...], str] = {}


@register.simple_tag(takes_context=True)
def site_header(context: Context) -> SafeString:
    request = context.get("request")
    address = request.get_full_path() if request is not None else ""
    if request is None or _renders_live(context):
        return _render(context, HEADER, site_next=address, your_move=_your_move(context))
    key = (HEADER, get_language(), str(request.resolver_match and request.resolver_match.url_name))
    made = _made.get(key)
    if made is None:
        made = _made[key] = _render(context, HEADER, site_next=_NEXT)
    # As the template writes it: ``urlencode``, then escaped.
    return mark_safe(made.replace(_NEXT, conditional_escape(quote(address))))


@register.simple_tag(takes_context=True)
def site_footer(context: Context) -> SafeString:
    # A page every reader shares sets no CSRF cookie (views/shared_pages.py): a token in
    # it would be no one's, and making one is a tenth of the page's own work.
    shared = bool(context.get("shared_page"))
    if _renders_live(context):
        # Django's word for "no token here, on purpose": it writes none and warns of none.
        return _render(context, FOOTER, **({"csrf_token": "NOTPROVIDED"} if shared else {}))
    key = (FOOTER, get_language())
    made = _made.get(key)
    if made is None:
        made = _made[key] = _render(context, FOOTER, csrf_token=_TOKEN)
    token = None if shared else context.get("csrf_token")
    field = (
        _TOKEN_INPUT.replace(_TOKEN, conditional_escape(str(token)))
        if token and token != "NOTPROVIDED"
        else ""
    )
    return mark_safe(made.replace(_TOKEN_INPUT, field))


def _your_move(context: Context) -> int:
    """How many tables wait for the logged-in reader's move: the nav counts them, so a
    day-a-move table is not forgotten."""
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return 0
    try:
        return tables_selectors.tables_your_move(player_id=user.pk)
    except DatabaseError:
        # A page served while the database is away still has its header.
        return 0


def _renders_live(context: Context) -> bool:
    # A logged-in reader's header names them; under DEBUG a template edit shows at once.
    user = context.get("user")
    return settings.DEBUG or bool(user is not None and user.is_authenticated)


def _render(context: Context, name: str, **values: object) -> SafeString:
    assert context.template is not None
    with context.push(**values):
        return mark_safe(context.template.engine.get_template(name).render(context))

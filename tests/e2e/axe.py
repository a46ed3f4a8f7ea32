"""axe-core in the browser tests: the vendored ``vendor/axe.min.js`` run on a page as it
stands, failing on any serious or critical violation.

The pages keep their strict Content-Security-Policy (``script-src 'self'``): an inline
script tag would be refused, so the file is served by Playwright's router from a
same-origin path (``/__tests__/axe.min.js``) and added with ``add_script_tag``. Nothing
leaves the machine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route

AXE_FILE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
AXE_PATH = "/__tests__/axe.min.js"
BLOCKING_IMPACTS = ("serious", "critical")

_RUN = """async (exclude) => {
  const context = exclude.length ? { exclude: exclude.map((selector) => [selector]) } : document;
  const results = await window.axe.run(context, { resultTypes: ["violations"] });
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => ({
      target: node.target.join(" "),
      summary: node.failureSummary,
    })),
  }));
}"""


# Every animation and transition that ends has ended (a colour easing in, a badge
# fading in): axe reads colours as they are, and a half-faded text is not the page.
_SETTLED = """() => document.getAnimations().every((animation) =>
  animation.playState !== "running"
  || animation.effect.getComputedTiming().iterations === Infinity)"""


def settle(page: Page) -> None:
    """Waits for the page's finite animations and transitions to end (a frame first, for
    one a change just started)."""
    page.wait_for_timeout(50)
    page.wait_for_function(_SETTLED, timeout=5_000)


def _serve(route: Route) -> None:
    route.fulfill(path=str(AXE_FILE), content_type="text/javascript")


def axe_violations(page: Page, *, exclude: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every axe violation on ``page`` now, whatever its impact."""
    origin = page.evaluate("() => location.origin")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.route(f"{origin}{AXE_PATH}", _serve)
        page.add_script_tag(url=f"{origin}{AXE_PATH}")
    violations: list[dict[str, Any]] = page.evaluate(_RUN, list(exclude))
    return violations


def expect_no_serious_violation(page: Page, where: str, **options: Any) -> list[dict[str, Any]]:
    """Fails when axe finds a serious or critical violation on ``page``; returns the
    milder ones (``where`` names the page and state in the message)."""
    violations = axe_violations(page, **options)
    blocking = [found for found in violations if found["impact"] in BLOCKING_IMPACTS]
    if blocking:
        # A change can start after the page settled (an answer from the server toggling
        # a button's colour): axe looks again once that has settled too, and only what
        # it finds then fails the test.
        settle(page)
        violations = axe_violations(page, **options)
        blocking = [found for found in violations if found["impact"] in BLOCKING_IMPACTS]
    assert not blocking, f"axe on {where}: " + "; ".join(
        f"{found['id']} ({found['impact']}: {found['help']}) at "
        + ", ".join(f"{node['target']} [{node['summary']}]" for node in found["nodes"])
        for found in blocking
    )
    return [found for found in violations if found not in blocking]

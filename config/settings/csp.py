"""The Content-Security-Policy setting (django-csp), on every response."""

from csp.constants import NONE, SELF

# Content-Security-Policy (django-csp), on every response. The site runs only its own
# ES modules from /static/ (no inline script, no eval: nothing here allows either),
# imports its own JSON (rules/ruleset.json), fetches only its own API, and styles with
# its own stylesheets: no style attribute or <style> element anywhere, so no
# 'unsafe-inline' for styles either (JavaScript sets styles through the CSSOM, which CSP
# leaves alone). Images: its own, and data: URLs (the favicon is one; so are the API
# docs' icons). Nothing may frame it, and forms post only to it.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

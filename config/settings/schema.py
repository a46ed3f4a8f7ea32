"""The API schema's settings (drf-spectacular)."""

SPECTACULAR_SETTINGS = {
    "TITLE": "Tri-Ominos Daily API",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Without deep links: with them each operation's path is a link inside the button
    # that opens it (axe: nested-interactive).
    "SWAGGER_UI_SETTINGS": {"deepLinking": False},
    # A classic computer's strength and a puzzle's difficulty are both easy, medium or
    # hard: one enum in the schema, named by the engine's list (a path, not an import).
    "ENUM_NAME_OVERRIDES": {"LevelEnum": "triominos.classic.computer.STRENGTHS"},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.api_errors.schema_common_errors",
        "config.api_errors.schema_links",
        "challenges.api.schema_hooks.schema_game_description",
    ],
}

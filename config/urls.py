from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import JavaScriptCatalog, set_language
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.admin_login import admin_login
from config.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    # The footer's language switcher posts here (Django's set_language: a cookie). No
    # CSRF token asked: pages shared by every reader not logged in (and nginx's cache)
    # carry nobody's token, and a forged post can only change a reader's language.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    # The JavaScript catalog (docs/i18n.md): the "djangojs" messages of the reader's
    # language, loaded as a script file before the page's modules (no inline script).
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # Before the admin's own URLs, so its log-in is throttled like the players'.
    path("admin/login/", admin_login, name="admin-login"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves the page's script as a file (?script): no inline script (CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/auth/", include("accounts.api_urls")),
    path("api/", include("challenges.api.urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("challenges.urls")),
]

handler400 = "challenges.views.bad_request"
handler404 = "challenges.views.page_not_found"
handler500 = "challenges.views.server_error"

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.admin_login import admin_login
from config.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    # The footer's language switcher posts here (Django's set_language: a cookie).
    path("i18n/", include("django.conf.urls.i18n")),
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

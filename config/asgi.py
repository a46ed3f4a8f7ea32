"""The ASGI application: Django's pages and API over HTTP, and the live tables'
sockets (challenges/sockets.py), checked against ALLOWED_HOSTS' origins and carrying
the session. Served by uvicorn (`make run` in development, deploy/ in production)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Django first: the socket's modules import models.
django_application = get_asgi_application()

from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

if settings.DEBUG:
    # `make run`: the static files from the apps' folders, as runserver serves them.
    django_application = ASGIStaticFilesHandler(django_application)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from challenges.sockets import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

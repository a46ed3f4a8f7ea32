"""The site as ASGI in a thread of the test process (uvicorn): pages, API and the live
tables' sockets on one free port, over the test database and the in-memory channel
layer, the way `make run` serves them with uvicorn. pytest-django's live server speaks
WSGI only, without sockets."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def asgi_site_url(transactional_db: None, settings: Any) -> Iterator[str]:
    import uvicorn
    from channels.auth import AuthMiddlewareStack
    from channels.routing import ProtocolTypeRouter, URLRouter
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.core.asgi import get_asgi_application

    from challenges.sockets import websocket_urlpatterns

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    application = ProtocolTypeRouter(
        {
            "http": ASGIStaticFilesHandler(get_asgi_application()),
            "websocket": AuthMiddlewareStack(URLRouter(websocket_urlpatterns)),
        }
    )
    from tests.processes import free_port

    port = free_port()
    config = uvicorn.Config(
        application,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
        ws="websockets",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the ASGI server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)

from challenges.views.errors import page_not_found, server_error

__all__ = ["page_not_found", "server_error"]

# PLACEHOLDER: replaced by its owner (the API).
urlpatterns: list[object] = []

from django.urls import path

from accounts import api

urlpatterns = [
    path("token/", api.TokenObtainView.as_view(), name="api-auth-token"),
    path("register/", api.RegisterView.as_view(), name="api-auth-register"),
]

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("login/", views.PlayerLoginView.as_view(), name="login"),
    path("logout/", views.logout_page, name="logout"),
    path("logged-out/", views.logged_out_page, name="logged_out"),
    path("signup/", views.signup_page, name="signup"),
    path("settings/", views.settings_page, name="settings"),
    path("settings/tokens/", views.token_create_page, name="token_create"),
    path("settings/tokens/<int:token_id>/rotate/", views.token_rotate_page, name="token_rotate"),
    path("settings/tokens/<int:token_id>/revoke/", views.token_revoke_page, name="token_revoke"),
]

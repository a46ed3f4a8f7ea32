from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("login/", views.PlayerLoginView.as_view(), name="login"),
    path("logout/", views.logout_page, name="logout"),
    path("logged-out/", views.logged_out_page, name="logged_out"),
    path("signup/", views.signup_page, name="signup"),
]

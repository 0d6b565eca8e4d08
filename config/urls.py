from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament.views.public import help_page

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("aide/", help_page, name="help"),
    path("circuit/", include("circuit.urls")),
    path("", include("tournament.urls_launcher")),
    path("", include("tournament.urls")),
]

# A database that cannot write (full disk, read-only file) outside a view: the French 503.
handler500 = "tournament.middleware.server_error"

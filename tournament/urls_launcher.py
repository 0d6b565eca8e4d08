"""The installed command's pages (tournament/launcher): first start, phones' address."""

from django.urls import path

from .views import first_start

urlpatterns = [
    path("premier-demarrage/", first_start.first_start_page, name="first_start"),
    path("telephones/", first_start.phone_address, name="phone_address"),
]

"""The installed command's pages (tournament/launcher): first start, phones' address, the
automatic backups' downloads and restores."""

from django.urls import path

from .views import launcher, restore

urlpatterns = [
    path("premier-demarrage/", launcher.first_start_page, name="first_start"),
    path("telephones/", launcher.phone_address, name="phone_address"),
    path("t/<slug:slug>/sauvegardes/<str:name>", launcher.autobackup_download,
         name="autobackup"),
    path("t/<slug:slug>/sauvegardes/<str:name>/restaurer/", restore.autobackup_restore,
         name="autobackup_restore"),
]

"""Addresses of the club's sponsors (issue 37): the club's page of logos (one address per
action), each logo as the screens of a concours of the club read it, and a concours' choice
to print them at the foot of its standings and palmarès."""

from django.urls import path

from .views import sponsors

urlpatterns = [
    path("clubs/<slug:slug>/partenaires/", sponsors.sponsor_list, name="sponsors"),
    path("clubs/<slug:slug>/partenaires/<row_id:sponsor>/supprimer/", sponsors.sponsor_delete,
         name="sponsor_delete"),
    path("clubs/<slug:slug>/partenaires/<row_id:sponsor>/place/", sponsors.sponsor_place,
         name="sponsor_place"),
    path("clubs/<slug:slug>/partenaires/<row_id:sponsor>/logo", sponsors.club_sponsor_logo,
         name="club_sponsor_logo"),
    path("t/<slug:slug>/partenaires/<row_id:sponsor>/logo", sponsors.sponsor_logo,
         name="sponsor_logo"),
    path("t/<slug:slug>/partenaires/pdf/", sponsors.sponsors_in_pdfs, name="sponsors_pdf"),
]

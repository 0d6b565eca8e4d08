"""Addresses of a club's members (its responsable's page, one address per action) and of
the one-time link a new member opens to choose a password."""

from django.urls import path

from .views import members

MEMBER = "clubs/<slug:slug>/membres/<row_id:member>/"
urlpatterns = [
    path("clubs/<slug:slug>/membres/", members.member_list, name="members"),
    path("clubs/<slug:slug>/membres/ajouter/", members.member_add, name="member_add"),
    path("clubs/<slug:slug>/nom/", members.club_rename, name="club_rename"),
    path(MEMBER + "role/", members.member_role, name="member_role"),
    path(MEMBER + "retirer/", members.member_remove, name="member_remove"),
    path(MEMBER + "lien/", members.member_link, name="member_link"),
    path("invitation/<str:token>/", members.invite, name="invite"),
    path("invitations/<row_id:invitation>/accepter/", members.invitation_accept,
         name="invitation_accept"),
    path("invitations/<row_id:invitation>/refuser/", members.invitation_decline,
         name="invitation_decline"),
]

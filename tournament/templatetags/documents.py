"""`{% page_documents "prizes" tournament as downloads %}`: the documents a page links to,
read from the registry (exports.registry.PAGE_LINKS) with their words and addresses, by
their address's name (`downloads.final_xlsx.url`, `downloads.final_xlsx.label`), in the
page's order (`{% for link in downloads.values %}`). A partie's page gives its number."""

from __future__ import annotations

from django import template

from ..exports.registry import Link, page_links
from ..models import Tournament

register = template.Library()


@register.simple_tag
def page_documents(page: str, tournament: Tournament, partie: int | None = None
                   ) -> dict[str, Link]:
    return page_links(page, tournament, partie)

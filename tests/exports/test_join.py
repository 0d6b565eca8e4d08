"""Joining the parts of a long document (weasy.join): every page in order, the first part's
title and language kept, and each part's bookmarks pointing at its own pages in the file."""

import io

from pypdf import PdfReader

from tournament.exports import weasy


def part(title: str, headings: list[str]) -> bytes:
    pages = "".join(f"<h1 style='break-before: page'>{heading}</h1><p>{heading} texte</p>"
                    for heading in headings)
    return weasy.html_to_pdf(f"<html lang='fr'><head><title>{title}</title></head>"
                             f"<body>{pages}</body></html>")


def bookmarks(reader: PdfReader) -> list[tuple[str, int]]:
    return [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]


def test_the_pages_and_the_bookmarks_of_every_part_in_order():
    parts = [part("Classement", ["Un", "Deux"]), part("Autre", ["Trois"]),
             part("Encore", ["Quatre", "Cinq", "Six"])]
    joined = PdfReader(io.BytesIO(weasy.join(parts)))
    texts = [page.extract_text() for page in joined.pages]
    words = ["Un", "Deux", "Trois", "Quatre", "Cinq", "Six"]
    assert len(texts) == 6
    assert all(f"{word} texte" in text for word, text in zip(words, texts, strict=True))
    assert bookmarks(joined) == [(word, number) for number, word in enumerate(words)]
    assert joined.metadata is not None and joined.metadata.title == "Classement"
    assert joined.trailer["/Root"]["/Lang"] == "fr"


def test_a_single_part_is_the_same_document():
    alone = PdfReader(io.BytesIO(weasy.join([part("Seul", ["Un", "Deux"])])))
    assert [page.extract_text().split()[0] for page in alone.pages] == ["Un", "Deux"]
    assert bookmarks(alone) == [("Un", 0), ("Deux", 1)]


def test_a_nested_bookmark_follows_its_page():
    nested = weasy.html_to_pdf("<h1>Haut</h1><h2 style='break-before: page'>Bas</h2>")
    joined = PdfReader(io.BytesIO(weasy.join([part("Avant", ["Zéro"]), nested])))
    top, children = joined.outline[1], joined.outline[2]
    assert top.title == "Haut" and joined.get_destination_page_number(top) == 1
    assert [(child.title, joined.get_destination_page_number(child)) for child in children] \
        == [("Bas", 2)]

"""Two pushes of one concours at once (two server processes): the club's row lock takes
them one after the other, so the concours is stored once and both get the same answer.
PostgreSQL only: it is the database whose writers run at once (SQLite takes one writer at
a time, and its test database is one connection)."""

import threading

import pytest
from django.db import connection

from circuit import services
from circuit.models import ReceivedConcours
from tests.circuit.builders import body, content, joined


@pytest.mark.django_db(transaction=True)
def test_two_pushes_of_one_concours_at_once_store_it_once():
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's concurrent writers only")
    club, _token = joined()
    raw = body(content(club, version=7))
    start = threading.Barrier(4)
    answers, errors = [], []

    def push():
        from django.db import connection as own

        try:
            start.wait()
            answers.append(services.concours_push(club=club, body=raw))
        except Exception as error:  # reported by the assertion below
            errors.append(error)
        finally:
            own.close()

    threads = [threading.Thread(target=push) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert sorted(answer.created for answer in answers) == [False, False, False, True]
    assert len({answer.as_json()["digest"] for answer in answers}) == 1
    assert ReceivedConcours.objects.count() == 1

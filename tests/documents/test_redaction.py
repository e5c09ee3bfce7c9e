"""The public record's redaction rules (issue 17; ventila/documents/publication.py, the one place):
what is removed from a published text, what is kept, and which acts and fields are ever published."""

from __future__ import annotations

import pytest

from documents.redaction_corpus import COMPLAINANT, KEPT, RESPONDENT, WITNESSES, leaks, variants
from ventila.cases.models import Party
from ventila.documents import publication
from ventila.documents.publication import Redactor, fold
from ventila.rules import RULEBOOKS


def _party(role: str, name: str, email: str = "", phone: str = "", address: str = "", office: str = "") -> Party:
    return Party(role=role, name=name, email=email, phone=phone, postal_address=address, office=office)


PARTIES = [
    _party(
        Party.Role.COMPLAINANT, "Ana Ejemplo Ficticia", "ana@example.org", "787-555-0100", "Calle Ficticia 123\nPonce"
    ),
    _party(Party.Role.RESPONDENT, "Rafael Quiñones Ficticio", "rafael@camara.example", "(787) 555-0111", "", "Rep."),
    _party(Party.Role.COUNSEL, "Lcdo. Pedro Abogado Ficticio", "pedro@bufete.example", "787.555.0122"),
]
MARK = publication.REDACTED


def test_the_complainant_name_and_every_contact_datum_are_removed():
    r = Redactor(PARTIES)
    text = (
        "La querellante Ana Ejemplo Ficticia (ana@example.org, 787-555-0100), de Calle Ficticia 123, Ponce, "
        "contra Rafael Quiñones Ficticio (rafael@camara.example, (787) 555-0111); abogado: Lcdo. Pedro Abogado "
        "Ficticio, pedro@bufete.example, 787.555.0122."
    )
    out = r.text(text)
    for secret in (
        "Ana Ejemplo",
        "ana@example.org",
        "787-555-0100",
        "Calle Ficticia",
        "rafael@camara.example",
        "555-0111",
        "Pedro Abogado",
        "pedro@bufete",
        "555.0122",
    ):
        assert secret not in out, secret
    assert "Rafael Quiñones Ficticio" in out  # the respondent: the matter is about them
    assert out.count(MARK) >= 8


def test_names_are_removed_whatever_their_case_and_by_their_surnames():
    r = Redactor(PARTIES)
    assert r.text("ANA EJEMPLO FICTICIA compareció; la Sra. Ejemplo Ficticia declaró.") == (
        f"{MARK} compareció; la {MARK} declaró."  # the title goes with the name (issue 26)
    )


def test_a_town_alone_is_kept_the_street_and_postal_code_are_not():
    r = Redactor(PARTIES)
    assert r.text("Alcalde de Ponce; vive en Calle Ficticia 123.") == f"Alcalde de Ponce; vive en {MARK}."


def test_only_whole_words_are_removed():
    r = Redactor([_party(Party.Role.COMPLAINANT, "Ana")])
    assert r.text("Ana llegó mañana a Ponce; Anabel no.") == f"{MARK} llegó mañana a Ponce; Anabel no."


def test_any_email_or_telephone_is_removed_even_of_someone_not_a_party():
    r = Redactor([])
    assert r.text("Escriba a testigo@example.net o llame al 939 555 0199 o al +1 787-555-0142.") == (
        f"Escriba a {MARK} o llame al {MARK} o al {MARK}."
    )


def test_case_numbers_dates_and_amounts_are_kept():
    r = Redactor(PARTIES)
    text = "Expediente CE-2027-0001, resuelto el 2027-03-17; multa de $1,500.00 (Sec. 26)."
    assert r.text(text) == text


def test_fold_ignores_accents_case_and_spacing():
    assert fold("  Contratación   DE  Quiñones ") == "contratacion de quinones"
    assert fold("contratacion") in fold("La CONTRATACIÓN de un familiar")


def test_only_the_final_acts_and_their_listed_fields_are_published():
    house = RULEBOOKS["camara-171"].public.record.acts
    assert set(house) == {"determination_made", "resolved", "report_referred", "sanction_decided", "case_closed"}
    assert house["sanction_decided"].fields == ("sanctions", "fine_amount")
    municipal = RULEBOOKS["municipal"].public.record.acts
    assert "hearing_noticed" not in municipal and "hearing_concluded" not in municipal  # ambiguity 9
    for rulebook in RULEBOOKS.values():
        for act in rulebook.public.record.acts.values():
            assert not {"note", "facts", "reason", "witness", "complainant", "reasons"} & set(act.fields)
    assert "addressee" in publication.WITHHELD_SECTIONS
    assert "notice_of_complaint" not in publication.PUBLISHED_DOCUMENTS
    assert "hearing_summons" not in publication.PUBLISHED_DOCUMENTS


# -- issue 26: redaction that knows the people of the case (a generated corpus) ----------------------

CORPUS_PARTIES = [
    _party(
        Party.Role.COMPLAINANT,
        COMPLAINANT["name"],
        COMPLAINANT["email"],
        COMPLAINANT["phone"],
        COMPLAINANT["postal_address"],
    ),
    _party(Party.Role.RESPONDENT, RESPONDENT, office="Representante del Distrito 40"),
]


def test_the_corpus_has_at_least_fifty_variants():
    assert len(variants()) >= 50 and len(set(variants())) == len(variants())


@pytest.mark.parametrize("text", variants())
def test_every_form_a_clerk_writes_of_a_private_person_or_number_is_removed(text):
    out = Redactor(CORPUS_PARTIES, [WITNESSES]).text(text)
    assert MARK in out
    assert leaks(out) == [], out


@pytest.mark.parametrize("text", KEPT)
def test_the_respondent_dates_amounts_laws_and_towns_read_the_same(text):
    r = Redactor(CORPUS_PARTIES, [WITNESSES])
    assert r.text(text) == text and r.concerns == []


def test_a_private_person_who_shares_a_name_with_the_respondent_asks_for_a_review():
    parties = [_party(Party.Role.COMPLAINANT, "Ana Quiñones Ejemplo"), CORPUS_PARTIES[1]]
    r = Redactor(parties)
    assert r.concerns
    out = r.text(f"La Sra. Quiñones Ejemplo querelló contra {RESPONDENT}; la Sra. Quiñones compareció.")
    assert out == f"La {MARK} querelló contra {RESPONDENT}; la {MARK} compareció."


def test_a_witness_list_whose_name_cannot_be_read_asks_for_a_review():
    assert Redactor(CORPUS_PARTIES, ["— Calle 5, Ponce"]).concerns
    assert not Redactor(CORPUS_PARTIES, [WITNESSES]).concerns

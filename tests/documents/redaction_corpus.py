"""A generated corpus of the ways a clerk writes the people of a case (issue 26): the complainant of the
issue's attack, a witness the public form collects, their numbers and e-mails — each variant with the
words that must never reach the public, and the texts that must read the same after redaction."""

from __future__ import annotations

import re
import unicodedata

COMPLAINANT = {
    "name": "María José Pérez-Santos de Jesús",
    "email": "mj.perez@example.org",
    "phone": "787-555-0199",
    "postal_address": "Urb. Las Lomas, Calle Ceiba 12\nCarolina, PR 00983",
}
WITNESSES = "Lcda. Carmen Vecina Ejemplar — Calle Luna 5, Barrio Obrero; Sr. Luis Otero Ramírez, Apartado 44"
RESPONDENT = "Rafael Quiñones Ficticio"
# Words (folded: no accents, lower case) of the private persons and their data; none may be published.
FORBIDDEN = (
    "perez", "santos", "jesus", "maria", "jose", "vecina", "ejemplar", "carmen", "otero", "ramirez",
    "0199", "01-99", "6789", "mj.perez", "ceiba", "lomas", "00983", "calle luna", "apartado 44",
)  # fmt: skip


def _bare(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


TITLES = ("", "la Sra. ", "Sra. ", "la Lcda. ", "Dra. ", "Hon. ", "doña ")
SURNAMES = (
    "Pérez-Santos de Jesús",
    "Pérez-Santos",
    "Pérez Santos",
    "Pérez",
    "Pérez de Jesús",
    "de Jesús",
    "Santos de Jesús",
)
GIVEN = ("María José", "María", "M. J.", "M.J.")


def variants() -> list[str]:
    """≥ 50 ways of naming the complainant, a witness or writing a number (each a sentence)."""
    names = [f"{t}{s}" for t in TITLES for s in SURNAMES]
    names += [f"{t}{g} {s}" for t in ("", "la Sra. ") for g in GIVEN for s in SURNAMES[:4]]
    names += ["M.J.P.S.", "MJPS", "M. J. P. S.", "María José Pérez-Santos de Jesús".upper()]
    names += [_bare(n) for n in names[:: len(SURNAMES)]] + [n.lower() for n in names[1 :: len(SURNAMES)]]
    names += ["Carmen Vecina Ejemplar", "la Lcda. Vecina", "VECINA EJEMPLAR", "el Sr. Otero Ramírez", "Luis Otero"]
    numbers = [
        "787-555-01-99", "(787) 555-0199", "787.555.0199", "+1 787 555 0199", "7875550199", "787 555 0199",
        "555-0199", "123-45-6789", "123 45 6789", "123456789", "mj.perez@example.org", "MJ.PEREZ@EXAMPLE.ORG",
        "Calle Ceiba 12", "Calle Luna 5, Barrio Obrero", "Apartado 44",
    ]  # fmt: skip
    return [f"Compareció {n} ante la Comisión." for n in names] + [f"Contacto: {n}." for n in numbers]


# What redaction must leave as written (the respondent, dates, amounts, laws, case numbers, towns).
KEPT = (
    f"La querella contra {RESPONDENT}, Representante del Distrito 40.",
    "Resuelto el 2027-03-17 en el expediente CE-2027-0001; multa de $1,500.00 (Sec. 26).",
    "Según la Ley 115-2017 y la Sec. 21(c)(9), en Carolina.",
)


def leaks(text: str) -> list[str]:
    """The forbidden words found in ``text`` (accents and case aside), not inside another word."""
    folded = _bare(text).casefold()
    return [w for w in FORBIDDEN if re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", folded)]

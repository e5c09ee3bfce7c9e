"""Spanish words to their stems, as PostgreSQL's ``ventila_es`` configuration makes them (``unaccent``, then
the Snowball Spanish stemmer and its stop words), so that SQLite's FTS5 index and query match the same
words as PostgreSQL's full-text search: «contratos» and «contrato» share the stem ``contrat``, and
«contratacion» matches «contratación» because both are stripped of accents before stemming.

The stemmer is Snowball's Spanish algorithm (https://snowballstem.org/algorithms/spanish/stemmer.html) as the
``snowballstemmer`` package generates it, the one PostgreSQL's ``spanish_stem`` dictionary runs; the stop words are Snowball's Spanish
list as PostgreSQL ships it (``tsearch_data/spanish.stop``), compared, as PostgreSQL does, with the word
already stripped of accents (so an accented stop word such as «más» never stops anything).
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache

import snowballstemmer

STOP_WORDS = frozenset(
    """
de la que el en y a los del se las por un para con no una su al lo como más pero sus le ya o este sí
porque esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos
uno les ni contra otros ese eso ante ellos e esto mí antes algunos qué unos yo otro otras otra él
tanto esa estos mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros mi mis tú
te ti tu tus ellas nosotras vosostros vosostras os mío mía míos mías tuyo tuya tuyos tuyas suyo suya
suyos suyas nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras esos esas estoy
estás está estamos estáis están esté estés estemos estéis estén estaré estarás estará estaremos
estaréis estarán estaría estarías estaríamos estaríais estarían estaba estabas estábamos estabais
estaban estuve estuviste estuvo estuvimos estuvisteis estuvieron estuviera estuvieras estuviéramos
estuvierais estuvieran estuviese estuvieses estuviésemos estuvieseis estuviesen estando estado
estada estados estadas estad he has ha hemos habéis han haya hayas hayamos hayáis hayan habré habrás
habrá habremos habréis habrán habría habrías habríamos habríais habrían había habías habíamos
habíais habían hube hubiste hubo hubimos hubisteis hubieron hubiera hubieras hubiéramos hubierais
hubieran hubiese hubieses hubiésemos hubieseis hubiesen habiendo habido habida habidos habidas soy
eres es somos sois son sea seas seamos seáis sean seré serás será seremos seréis serán sería serías
seríamos seríais serían era eras éramos erais eran fui fuiste fue fuimos fuisteis fueron fuera
fueras fuéramos fuerais fueran fuese fueses fuésemos fueseis fuesen sintiendo sentido sentida
sentidos sentidas siente sentid tengo tienes tiene tenemos tenéis tienen tenga tengas tengamos
tengáis tengan tendré tendrás tendrá tendremos tendréis tendrán tendría tendrías tendríamos
tendríais tendrían tenía tenías teníamos teníais tenían tuve tuviste tuvo tuvimos tuvisteis tuvieron
tuviera tuvieras tuviéramos tuvierais tuvieran tuviese tuvieses tuviésemos tuvieseis tuviesen
teniendo tenido tenida tenidos tenidas tened
    """.split()
)

_SPANISH = threading.local()  # a Snowball stemmer keeps its word in itself: one per thread


def snowball_spanish(word: str) -> str:
    """The Snowball Spanish stem of a lower-case ``word`` (the ``snowballstemmer`` package, Snowball's own
    generated code; its 2.x line, whose Spanish algorithm is the one PostgreSQL 15 ships as ``spanish_stem``:
    Snowball 3.0 also strips «-acion» without its accent, which the database does not;
    tests/search/test_search.py compares them word for word with the server)."""
    stemmer = getattr(_SPANISH, "stemmer", None)
    if stemmer is None:
        stemmer = _SPANISH.stemmer = snowballstemmer.stemmer("spanish")
    return str(stemmer.stemWord(word))


def unaccent(text: str) -> str:
    """Lower case, without accents or other marks (``unaccent`` and the parser's lower-casing)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_WORD = re.compile(r"[^\W_]+")


def words(text: str) -> list[str]:
    """The words of ``text``, lower case and without accents."""
    return _WORD.findall(unaccent(text))


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The stem of one word already lower-cased and unaccented; empty for a stop word."""
    if word in STOP_WORDS:
        return ""
    return snowball_spanish(word)


def stems(text: str) -> list[str]:
    """The stems of the words of ``text``, stop words left out (as ``to_tsvector('ventila_es', text)``)."""
    return [s for s in (stem(w) for w in words(text)) if s]


def stem_of(token: str) -> str:
    """The stem of one word as it appears in a text (any case, accents)."""
    w = unaccent(token)
    return stem(w) if _WORD.fullmatch(w) else ""


_QUERY_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def clean_query(query: str) -> str:
    """A query with control characters (NUL, CR, LF, tab…) as spaces, trimmed."""
    return " ".join(_QUERY_CONTROL.sub(" ", query).split())

"""Spanish words to their stems, as PostgreSQL's ``ventila_es`` configuration makes them (``unaccent``, then
the Snowball Spanish stemmer and its stop words), so that SQLite's FTS5 index and query match the same
words as PostgreSQL's full-text search: «contratos» and «contrato» share the stem ``contrat``, and
«contratacion» matches «contratación» because both are stripped of accents before stemming.

The stemmer is a port of the Snowball Spanish algorithm (https://snowballstem.org/algorithms/spanish/stemmer.html,
BSD licence), the one PostgreSQL's ``spanish_stem`` dictionary runs; the stop words are Snowball's Spanish
list as PostgreSQL ships it (``tsearch_data/spanish.stop``), compared, as PostgreSQL does, with the word
already stripped of accents (so an accented stop word such as «más» never stops anything).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

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

_VOWELS = frozenset("aeiouáéíóúü")

_STEP0_PRONOUNS = ("selas", "selos", "sela", "selo", "las", "les", "los", "nos", "me", "se", "la", "le", "lo")
_STEP0_BEFORE = ("iéndo", "iendo", "yendo", "ándo", "ando", "ár", "ér", "ír", "ar", "er", "ir")
_UNACCENT = str.maketrans("áéíóú", "aeiou")

_STEP1 = (
    # (suffixes, action): longest first within the whole list (see _longest)
    (
        (
            "amientos",
            "imientos",
            "amiento",
            "imiento",
            "anzas",
            "ismos",
            "ables",
            "ibles",
            "istas",
            "anza",
            "icos",
            "icas",
            "ismo",
            "able",
            "ible",
            "ista",
            "osos",
            "osas",
            "ico",
            "ica",
            "oso",
            "osa",
        ),
        "r2",
    ),  # fmt: skip
    (("aciones", "adoras", "adores", "ancias", "adora", "ación", "antes", "ancia", "ador", "ante"), "r2ic"),
    (("logías", "logía"), "log"),
    (("uciones", "ución"), "u"),
    (("encias", "encia"), "ente"),
    (("amente",), "amente"),
    (("mente",), "mente"),
    (("idades", "idad"), "idad"),
    (("ivas", "ivos", "iva", "ivo"), "iv"),
)
_STEP2A = ("yeron", "yendo", "yamos", "yais", "yan", "yen", "yas", "yes", "ya", "ye", "yo", "yó")
_STEP2B_GU = ("emos", "éis", "en", "es")
_STEP2B = (
    "arían arías arán arás aríais aría aréis aríamos aremos ará aré erían erías erán erás eríais ería eréis eríamos "
    "eremos erá eré irían irías irán irás iríais iría iréis iríamos iremos irá iré aba ada ida ía ara iera ad ed id ase "
    "iese aste iste an aban ían aran ieran asen iesen aron ieron ado ido ando iendo ió ar er ir as abas adas idas ías "
    "aras ieras ases ieses ís áis abais íais arais ierais aseis ieseis asteis isteis ados idos amos ábamos íamos imos "
    "áramos iéramos iésemos ásemos"
).split()


def _regions(w: str) -> tuple[int, int, int]:
    """RV, R1 and R2 of the Snowball definition, as start offsets (len(w) when empty)."""
    n = len(w)
    rv = n
    if n >= 2:
        if w[1] not in _VOWELS:
            rv = next((i + 1 for i in range(2, n) if w[i] in _VOWELS), n)
        elif w[0] in _VOWELS:
            rv = next((i + 1 for i in range(2, n) if w[i] not in _VOWELS), n)
        else:
            rv = min(3, n)

    def after_nv(start: int) -> int:
        for i in range(start + 1, n):
            if w[i] not in _VOWELS and w[i - 1] in _VOWELS:
                return i + 1
        return n

    r1 = after_nv(0)
    r2 = after_nv(r1) if r1 < n else n
    return rv, r1, r2


def _longest(w: str, suffixes: tuple[str, ...] | list[str], limit: int = 0) -> str | None:
    """The longest of ``suffixes`` ending ``w`` (starting at ``limit`` or later)."""
    best = None
    for s in suffixes:
        if w.endswith(s) and len(w) - len(s) >= limit and (best is None or len(s) > len(best)):
            best = s
    return best


def _step0(w: str, rv: int) -> str:
    pron = _longest(w, _STEP0_PRONOUNS)
    if pron is None:
        return w
    stem = w[: -len(pron)]
    before = _longest(stem, _STEP0_BEFORE, rv)
    if before is None:
        return w
    if before == "yendo":
        return stem if stem[:-5].endswith("u") else w
    if before in ("iéndo", "ándo", "ár", "ér", "ír"):
        return stem[: -len(before)] + before.translate(_UNACCENT)
    return stem


def _step1(w: str, r1: int, r2: int) -> str | None:
    """The word with its standard suffix removed, or None when step 1 removes nothing."""
    allsuf = [s for group, _a in _STEP1 for s in group]
    suf = _longest(w, allsuf)
    if suf is None:
        return None
    action = next(a for group, a in _STEP1 if suf in group)
    start = len(w) - len(suf)
    if action == "amente":
        if start < r1:
            return None
        w = w[:start]
        if w.endswith("iv") and len(w) - 2 >= r2:
            w = w[:-2]
            if w.endswith("at") and len(w) - 2 >= r2:
                w = w[:-2]
        else:
            for p in ("os", "ic", "ad"):
                if w.endswith(p) and len(w) - 2 >= r2:
                    w = w[:-2]
                    break
        return w
    if start < r2:
        return None
    if action == "r2":
        return w[:start]
    if action == "r2ic":
        w = w[:start]
        if w.endswith("ic") and len(w) - 2 >= r2:
            w = w[:-2]
        return w
    if action == "log":
        return w[:start] + "log"
    if action == "u":
        return w[:start] + "u"
    if action == "ente":
        return w[:start] + "ente"
    if action == "mente":
        w = w[:start]
        for p in ("ante", "able", "ible"):
            if w.endswith(p) and len(w) - len(p) >= r2:
                w = w[: -len(p)]
                break
        return w
    if action == "idad":
        w = w[:start]
        for p in ("abil", "ic", "iv"):
            if w.endswith(p) and len(w) - len(p) >= r2:
                w = w[: -len(p)]
                break
        return w
    # "iv"
    w = w[:start]
    if w.endswith("at") and len(w) - 2 >= r2:
        w = w[:-2]
    return w


def _step2(w: str, rv: int) -> str:
    suf = _longest(w, _STEP2A, rv)
    if suf is not None and w[: -len(suf)].endswith("u"):
        return w[: -len(suf)]
    suf = _longest(w, [*_STEP2B_GU, *_STEP2B], rv)
    if suf is None:
        return w
    w = w[: -len(suf)]
    if suf in _STEP2B_GU and w.endswith("gu"):
        w = w[:-1]
    return w


def _step3(w: str, rv: int) -> str:
    suf = _longest(w, ("os", "a", "o", "á", "í", "ó", "e", "é"))
    if suf is None or len(w) - len(suf) < rv:
        return w
    w = w[: -len(suf)]
    if suf in ("e", "é") and w.endswith("gu") and len(w) - 1 >= rv:
        w = w[:-1]
    return w


def snowball_spanish(word: str) -> str:
    """The Snowball Spanish stem of a lower-case ``word``."""
    if len(word) < 2:
        return word
    rv, r1, r2 = _regions(word)  # once, on the word as given (the steps only shorten it)
    w = _step0(word, rv)
    stepped = _step1(w, r1, r2)
    w = _step2(w, rv) if stepped is None else stepped
    w = _step3(w, rv)
    return w.translate(_UNACCENT)


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

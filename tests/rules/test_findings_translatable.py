"""Every finding the engine raises is a catalogue message (``ventila.rules.i18n.Msg``), never a
finished Spanish string: the web app shows findings in the reader's language (issue 15, English).

The rules package's source is read (``ast``): the message of each ``Finding(…)`` and
``ctx.add_finding(…)`` must be built by ``Msg("literal template", …)`` (or a function of the package
declared to return a ``Msg``, or a variable assigned only such values), so that ``ventila
makemessages`` finds its template (``i18n.source_templates``). A value of the message may not
be a finished Spanish text either: no f-string, no ``format_date_es(…)``, no ``"; ".join(…)``, no
``+`` of strings — those are written in Spanish whatever the reader's language.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import ventila.rules
from ventila.rules.i18n import Msg, Quote, Raw, source_templates
from ventila.rules.terms import Finding

PACKAGE = Path(ventila.rules.__file__).resolve().parent

# Calls that carry a finding's message, and the position of the message among their arguments
# (or its keyword).
_CARRIERS = {"Finding": (2, "msg"), "add_finding": (2, "message")}
# Functions that format a text in Spanish: their result is no value for a message.
_SPANISH_FORMATTERS = {"format_date_es", "format_datetime_es", "join", "format", "es"}


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _msg_functions(trees: dict[Path, ast.Module]) -> set[str]:
    """The package's functions declared to return a ``Msg`` (``-> Msg``)."""
    out = {"msg"}  # Term.msg()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
                if ast.unparse(node.returns).strip("'\"") in ("Msg", "Msg | None"):
                    out.add(node.name)
    return out


def _parents(tree: ast.Module) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _scope(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.AST:
    while node in parents:
        node = parents[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return node
    return node


def _assigned(name: str, scope: ast.AST) -> list[ast.expr] | None:
    """The values assigned to ``name`` in ``scope`` (None when it is a parameter)."""
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        args = scope.args
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            if a.arg == name:
                return None
    out: list[ast.expr] = []
    for node in ast.walk(scope):
        if isinstance(node, (ast.For, ast.comprehension)) and any(
            isinstance(t, ast.Name) and t.id == name for t in ast.walk(node.target)
        ):
            return None  # a loop's variable: its type is the iterable's (mypy checks it)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            out.append(node.value)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
            if node.target.id == name and node.value is not None:
                out.append(node.value)
        elif isinstance(node, ast.NamedExpr) and node.target.id == name:
            out.append(node.value)
    return out


class _Checker:
    def __init__(self, path: Path, base: Path, tree: ast.Module, msg_functions: set[str]) -> None:
        self.path = path
        self.base = base
        self.parents = _parents(tree)
        self.msg_functions = msg_functions
        self.problems: list[str] = []

    def where(self, node: ast.AST) -> str:
        return f"{self.path.relative_to(self.base)}:{getattr(node, 'lineno', 0)}"

    def message(self, expr: ast.expr, site: ast.AST, seen: frozenset[str] = frozenset()) -> None:
        """``expr`` must build a Msg."""
        if isinstance(expr, ast.IfExp):
            self.message(expr.body, site, seen)
            self.message(expr.orelse, site, seen)
        elif isinstance(expr, ast.Call) and _name(expr.func) == "Msg":
            self.msg_call(expr)
        elif isinstance(expr, ast.Call) and _name(expr.func) in self.msg_functions:
            return
        elif isinstance(expr, ast.Name) and expr.id not in seen:
            values = _assigned(expr.id, _scope(site, self.parents))
            if values is None:  # a parameter (its annotation must say Msg) or a loop's variable
                self.parameter(expr.id, site)
            elif not values:
                self.problems.append(f"{self.where(site)}: «{expr.id}» is never assigned a Msg")
            for v in values or []:
                self.message(v, site, seen | {expr.id})
        elif isinstance(expr, ast.Name):
            return
        else:
            self.problems.append(f"{self.where(expr)}: a finding's message is {_kind(expr)}, not a Msg")

    def parameter(self, name: str, site: ast.AST) -> None:
        scope = _scope(site, self.parents)
        if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return
        args = scope.args
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            if a.arg == name and (a.annotation is None or "Msg" not in ast.unparse(a.annotation)):
                self.problems.append(f"{self.where(site)}: parameter «{name}» is not declared a Msg")

    def msg_call(self, call: ast.Call) -> None:
        template = call.args[0] if call.args else None
        if template is None or not _literal(template):
            self.problems.append(f"{self.where(call)}: a Msg whose template is not a literal string")
        for kw in call.keywords:
            self.value(kw.value, call)

    def value(self, expr: ast.expr, site: ast.AST, seen: frozenset[str] = frozenset()) -> None:
        """A value of a message: no finished Spanish text."""
        if isinstance(expr, ast.Call) and _name(expr.func) == "Msg":
            self.msg_call(expr)
        elif isinstance(expr, (ast.Tuple, ast.List)):
            for x in expr.elts:
                self.value(x, site, seen)
        elif isinstance(expr, ast.IfExp):
            self.value(expr.body, site, seen)
            self.value(expr.orelse, site, seen)
        elif isinstance(expr, ast.JoinedStr):
            self.problems.append(f"{self.where(expr)}: a message's value is an f-string")
        elif isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Mod)):
            if any(isinstance(x, (ast.JoinedStr, ast.Constant)) for x in (expr.left, expr.right)):
                self.problems.append(f"{self.where(expr)}: a message's value is a string built with + or %")
        elif isinstance(expr, ast.Call) and _name(expr.func) in _SPANISH_FORMATTERS:
            self.problems.append(f"{self.where(expr)}: a message's value is {_name(expr.func)}(…), a Spanish text")
        elif isinstance(expr, ast.Name) and expr.id not in seen:
            for v in _assigned(expr.id, _scope(site, self.parents)) or []:
                self.value(v, site, seen | {expr.id})


def _literal(expr: ast.expr) -> bool:
    if isinstance(expr, ast.IfExp):
        return _literal(expr.body) and _literal(expr.orelse)
    return isinstance(expr, ast.Constant) and isinstance(expr.value, str)


def _kind(expr: ast.expr) -> str:
    if isinstance(expr, ast.JoinedStr):
        return "an f-string"
    if isinstance(expr, ast.Constant):
        return "a plain string"
    if isinstance(expr, ast.BinOp):
        return "a string built with + or %"
    return f"«{ast.unparse(expr)[:60]}»"


def _sites(tree: ast.Module) -> Iterator[tuple[ast.Call, ast.expr | None]]:
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        carrier = _CARRIERS.get(_name(node.func))
        if carrier is None:
            continue
        position, keyword = carrier
        arg = node.args[position] if len(node.args) > position else None
        arg = next((k.value for k in node.keywords if k.arg == keyword), arg)
        yield node, arg


def finding_problems(package: Path = PACKAGE) -> list[str]:
    """Every finding built from something other than a Msg, as «file:line: why»."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(package.rglob("*.py"))}
    functions = _msg_functions(trees)
    problems: list[str] = []
    count = 0
    for path, tree in trees.items():
        checker = _Checker(path, PACKAGE.parent.parent if package == PACKAGE else package.parent, tree, functions)
        for call, arg in _sites(tree):
            if path.name == "terms.py":  # the class itself
                continue
            count += 1
            if arg is None:
                checker.problems.append(f"{checker.where(call)}: a finding without a message")
            else:
                checker.message(arg, call)
        problems.extend(checker.problems)
    assert count > 100, count  # the walk found the findings
    return problems


def test_every_finding_message_is_a_msg() -> None:
    problems = finding_problems()
    assert not problems, f"{len(problems)} findings not written as Msg:\n" + "\n".join(problems)


def test_the_check_fails_on_a_spanish_string(tmp_path: Path) -> None:
    """The check itself: a finding written as an f-string, a plain string, a Spanish date or a
    joined list is listed with its file and line."""
    package = tmp_path / "rules"
    package.mkdir()
    (package / "bad.py").write_text(
        "def evaluate(ctx, e, d, missing, n: int, why: str):\n"
        "    ctx.add_finding('a', 'R-1', f'El acto del {format_date_es(e.day)} no se tiene en cuenta.')\n"
        "    ctx.add_finding('b', 'R-1', 'La querella no está jurada.')\n"
        "    ctx.add_finding('c', 'R-1', Msg('Vence el %(due)s.', due=format_date_es(d)))\n"
        "    ctx.add_finding('d', 'R-1', Msg('Falta: %(what)s.', what='; '.join(missing)))\n"
        "    text = f'{n} días'\n"
        "    ctx.add_finding('e', 'R-1', text)\n"
        "    ctx.add_finding('f', 'R-1', why)\n"
        "    ctx.add_finding('g', 'R-1', Msg('Vence el %(due)s.', due=d))\n"
        + "    ctx.add_finding('h', 'R-1', Msg('Bien.'))\n"
        * 100,
        encoding="utf-8",
    )
    problems = finding_problems(package)
    lines = sorted(int(p.split(":")[1]) for p in problems)
    assert lines == [2, 3, 4, 5, 6, 8], problems
    assert problems[0].startswith("rules/bad.py:2: a finding's message is an f-string")


def test_a_finding_keeps_its_message_for_the_web_and_prints_the_same_spanish() -> None:
    """``Finding.message`` is the Spanish text (the CLI's); ``msg`` the message the web app translates."""
    from ventila.rules.rulebooks import RULEBOOKS

    rule = next(iter(RULEBOOKS["camara-171"].rules.values()))
    m = Msg(
        "El acceso al informe procede desde el %(day)s: %(why)s (%(citation)s).",
        day=__import__("datetime").date(2027, 3, 1),
        why=Msg("la cita es «%(quote)s»", quote=Quote("sin demora")),
        citation=Raw("Sec. 17(1)"),
    )
    f = Finding("access_allowed", rule, m)
    assert f.msg == m
    assert (
        f.message
        == "El acceso al informe procede desde el lunes, 1 de marzo de 2027: la cita es «sin demora» (Sec. 17(1))."
    )
    assert f.to_json()["message"] == f.message


def test_every_finding_template_is_collected_for_the_catalogue() -> None:
    """The templates of the findings reach ``ventila makemessages`` (``source_templates``)."""
    templates = source_templates()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call, arg in _sites(tree):
            if isinstance(arg, ast.Call) and _name(arg.func) == "Msg" and arg.args and _literal(arg.args[0]):
                first = arg.args[0]
                literal = first.body if isinstance(first, ast.IfExp) else first
                assert isinstance(literal, ast.Constant)
                assert literal.value in templates, f"{path.name}:{call.lineno}"

"""Where a message comes from: every message a source file raises, asserts, or logs at warning level or
above, with its line, the function it is in and the condition that guards it. Used by index.py.

A message becomes a template: its literal text with "{}" where a value goes (an f-string's fields, a
%-format's conversions, str.format's fields, logging's arguments, a C++ macro's non-literal arguments);
a literal brace is written "{{" or "}}". A site whose message has too little literal text to tell it
from others (a bare "{}", "Error: {}") is kept out: it would match any line.

Python is read with `ast` (the interpreter's own grammar); C++ (torch_npu's csrc) with a small
tokenizer that knows strings, comments and parentheses, enough to find the message macros' arguments.
"""

import ast
import bisect
import re

# logging methods at warning level or above (vLLM's warning_once, MindSpeed's print_rank_0 is info)
LOG_METHODS = {"warning", "warn", "error", "exception", "critical", "fatal", "warning_once", "error_once",
               "warning_rank0", "error_rank0"}
LOG_LEVEL = {"warning": "warning", "warn": "warning", "warning_once": "warning", "warning_rank0": "warning",
             "error": "error", "error_once": "error", "error_rank0": "error", "exception": "error",
             "critical": "critical", "fatal": "critical"}
# print() calls whose literal text says it is a problem (many libraries warn with print)
PRINT_WORDS = re.compile(r"\b(warn(ing)?|error|fail(ed|ure)?|deprecat\w*|not supported|unsupported)\b", re.I)

MIN_LITERAL = 12      # letters and digits of literal text a template needs
MIN_PIECE = 6         # and its longest literal piece
MAX_TEXT = 400        # characters of a template kept (the start of a long message tells it)
MAX_CONDITION = 160


def escape(text):
    return text.replace("{", "{{").replace("}", "}}")


class Template:
    """A message as literal pieces with a value between each two."""

    def __init__(self, pieces=None):
        self.pieces = pieces if pieces is not None else [""]

    @staticmethod
    def literal(text):
        return Template([text])

    @staticmethod
    def value():
        return Template(["", ""])

    def __add__(self, other):
        return Template(self.pieces[:-1] + [self.pieces[-1] + other.pieces[0]] + other.pieces[1:])

    def text(self):
        out = "{}".join(escape(p) for p in self.pieces)
        return out[:MAX_TEXT]

    def literal_chars(self):
        return sum(1 for p in self.pieces for c in p if c.isalnum())

    def longest(self):
        return max((len(p.strip()) for p in self.pieces), default=0)

    def useful(self):
        return self.literal_chars() >= MIN_LITERAL and self.longest() >= MIN_PIECE


# %-conversions of printf and Python's % operator: %s %d %5.2f %(name)s %-10s %lu %zu %lld %%
PERCENT = re.compile(r"%(\([^)]*\))?[-+ #0]*(\*|\d+)?(\.(\*|\d+))?(hh|h|ll|l|L|q|j|z|Z|t)?[diouxXeEfFgGcrsaAp]|%%")
# str.format fields: {} {0} {name} {x!r:>10}; "{{" and "}}" are literal braces
FORMAT = re.compile(r"\{\{|\}\}|\{[^{}]*\}")


def from_percent(text):
    pieces = [""]
    pos = 0
    for m in PERCENT.finditer(text):
        pieces[-1] += text[pos:m.start()]
        if m.group(0) == "%%":
            pieces[-1] += "%"
        else:
            pieces.append("")
        pos = m.end()
    pieces[-1] += text[pos:]
    return Template(pieces)


def from_format(text):
    pieces = [""]
    pos = 0
    for m in FORMAT.finditer(text):
        pieces[-1] += text[pos:m.start()]
        if m.group(0) in ("{{", "}}"):
            pieces[-1] += m.group(0)[0]
        else:
            pieces.append("")
        pos = m.end()
    pieces[-1] += text[pos:]
    return Template(pieces)


def one_line(node):
    try:
        text = ast.unparse(node)
    except Exception:  # noqa: BLE001 - a node ast cannot print back is simply not described
        return ""
    text = " ".join(text.split())
    return text if len(text) <= MAX_CONDITION else text[:MAX_CONDITION - 1] + "…"


class PythonReader(ast.NodeVisitor):
    def __init__(self):
        self.sites = []
        self.functions = []   # (qualname, first line, last line) of every def, for the history
        self.scope = []       # qualified name parts
        self.conditions = []  # innermost last
        self.assigned = [{}]  # per function: name -> [(line, value)]

    # --- scopes -----------------------------------------------------------------------------------
    def visit_ClassDef(self, node):
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()

    def visit_FunctionDef(self, node):
        self.scope.append(node.name)
        self.functions.append((".".join(self.scope), node.lineno, getattr(node, "end_lineno", node.lineno)))
        self.assigned.append({})
        saved, self.conditions = self.conditions, []
        self.generic_visit(node)
        self.conditions = saved
        self.assigned.pop()
        self.scope.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def function(self):
        return ".".join(self.scope) or "<module>"

    # --- conditions -------------------------------------------------------------------------------
    def visit_If(self, node):
        self.visit(node.test)
        self.conditions.append(one_line(node.test))
        for child in node.body:
            self.visit(child)
        self.conditions.pop()
        if node.orelse:
            self.conditions.append("not (" + one_line(node.test) + ")")
            for child in node.orelse:
                self.visit(child)
            self.conditions.pop()

    def visit_Try(self, node):
        for child in node.body:
            self.visit(child)
        guarded = self.try_summary(node.body)
        for handler in node.handlers:
            caught = one_line(handler.type) if handler.type is not None else "an exception"
            self.conditions.append(f"{guarded} raises {caught}" if guarded else f"{caught} is raised")
            for child in handler.body:
                self.visit(child)
            self.conditions.pop()
        for child in node.orelse + node.finalbody:
            self.visit(child)

    visit_TryStar = visit_Try

    @staticmethod
    def try_summary(body):
        for stmt in body:
            if isinstance(stmt, ast.Import):
                return "importing " + ", ".join(a.name for a in stmt.names)
            if isinstance(stmt, ast.ImportFrom):
                return "importing " + ("." * stmt.level) + (stmt.module or "") + " (" + ", ".join(
                    a.name for a in stmt.names[:3]) + ")"
            call = None
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, (ast.Call, ast.Await)):
                call = stmt.value
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(stmt.value, (ast.Call, ast.Await)):
                call = stmt.value
            if isinstance(call, ast.Await):
                call = call.value
            if isinstance(call, ast.Call):
                return "calling " + one_line(call.func)
        return ""

    # --- message templates ------------------------------------------------------------------------
    def visit_Assign(self, node):
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.assigned[-1].setdefault(target.id, []).append((node.lineno, node.value))
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        if isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add):
            known = self.assigned[-1].get(node.target.id)
            if known:
                known.append((node.lineno, ast.BinOp(left=known[-1][1], op=ast.Add(), right=node.value)))
        self.generic_visit(node)

    def template(self, node, depth=0, logging_args=False):
        if depth > 6:
            return Template.value()
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return from_percent(node.value) if logging_args else Template.literal(node.value)
        if isinstance(node, ast.JoinedStr):
            out = Template.literal("")
            for part in node.values:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    out = out + Template.literal(part.value)
                else:
                    out = out + Template.value()
            return out
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.template(node.left, depth + 1) + self.template(node.right, depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) \
                and isinstance(node.left.value, str):
            return from_percent(node.left.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" \
                and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str):
            return from_format(node.func.value.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" \
                and node.args and isinstance(node.args[0], (ast.List, ast.Tuple)) \
                and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str):
            sep = Template.literal(node.func.value.value)
            out = None
            for element in node.args[0].elts:
                part = self.template(element, depth + 1)
                out = part if out is None else out + sep + part
            return out or Template.literal("")
        if isinstance(node, ast.Name):
            known = self.assigned[-1].get(node.id)
            if known:
                before = [value for line, value in known if line <= getattr(node, "lineno", 1 << 30)]
                if before:
                    return self.template(before[-1], depth + 1)
        return Template.value()

    def add(self, node, kind, etype, level, message, extra_condition=None):
        tpl = self.template(message, logging_args=(kind == "log")) if message is not None else None
        if tpl is None or not tpl.useful():
            return
        condition = extra_condition or (self.conditions[-1] if self.conditions else "")
        self.sites.append({
            "kind": kind, "type": etype, "level": level, "template": tpl.text(), "line": node.lineno,
            "function": self.function(), "condition": condition,
        })

    def visit_Raise(self, node):
        exc = node.exc
        if isinstance(exc, ast.Call):
            func = exc.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            message = exc.args[0] if exc.args else None
            if message is None:
                for kw in exc.keywords:
                    if kw.arg in ("msg", "message"):
                        message = kw.value
            if name:
                self.add(node, "raise", name, "error", message)
        self.generic_visit(node)

    def visit_Assert(self, node):
        if node.msg is not None:
            self.add(node, "assert", "AssertionError", "error", node.msg, "not (" + one_line(node.test) + ")")
        self.generic_visit(node)

    def visit_Call(self, node):
        func = node.func
        if isinstance(func, ast.Attribute) and node.args:
            receiver = one_line(func.value).lower()
            if func.attr in LOG_METHODS and ("log" in receiver):
                self.add(node, "log", "", LOG_LEVEL[func.attr], node.args[0])
            elif func.attr == "warn" and receiver == "warnings":
                category = "UserWarning"
                if len(node.args) > 1:
                    category = one_line(node.args[1]).split(".")[-1]
                for kw in node.keywords:
                    if kw.arg == "category":
                        category = one_line(kw.value).split(".")[-1]
                self.add(node, "warn", category, "warning", node.args[0])
        elif isinstance(func, ast.Name) and func.id == "print" and node.args:
            to_stderr = any(kw.arg == "file" and "stderr" in one_line(kw.value) for kw in node.keywords)
            tpl = self.template(node.args[0])
            if to_stderr or PRINT_WORDS.search(" ".join(tpl.pieces)):
                self.add(node, "print", "", "warning" if not to_stderr else "error", node.args[0])
        self.generic_visit(node)


def python_sites(text):
    """(sites, functions) of a Python file; None when it does not parse (a newer grammar, a broken file)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return None
    reader = PythonReader()
    try:
        reader.visit(tree)
    except RecursionError:
        return None
    return reader.sites, reader.functions


# --- C++ ---------------------------------------------------------------------------------------------
# macro -> (kind, level, index of the first message argument, printf-style)
CPP_MACROS = {
    "TORCH_CHECK": ("check", "error", 1, False),
    "TORCH_CHECK_VALUE": ("check", "error", 1, False),
    "TORCH_CHECK_TYPE": ("check", "error", 1, False),
    "TORCH_CHECK_NOT_IMPLEMENTED": ("check", "error", 1, False),
    "TORCH_INTERNAL_ASSERT": ("assert", "error", 1, False),
    "REDUCER_CHECK": ("check", "error", 2, False),
    "AT_ERROR": ("error", "error", 0, False),
    "TORCH_WARN": ("warn", "warning", 0, False),
    "TORCH_WARN_ONCE": ("warn", "warning", 0, False),
    "TORCH_NPU_WARN": ("warn", "warning", 0, False),
    "TORCH_NPU_WARN_ONCE": ("warn", "warning", 0, False),
    "ASCEND_LOGE": ("log", "error", 0, True),
    "ASCEND_LOGW": ("log", "warning", 0, True),
}
CPP_LOG_MACRO = re.compile(r"^TORCH_NPU_\w+_LOG([EW])$")
CPP_TOKEN = re.compile(r'//[^\n]*|/\*.*?\*/|\\\n|R"(\w*)\((.*?)\)\1"|"(?:\\[\s\S]|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|'
                       r'[A-Za-z_]\w*|::|->|\S', re.S)
# a table of messages: {507014, "The execution of the internal task times out."}, {ErrCode::ACL, "call acl api failed"}
CPP_TABLE = re.compile(r'\{\s*(?:-?\d+|[A-Za-z_][\w:]*)\s*,\s*((?:"(?:\\[\s\S]|[^"\\\n])*"\s*)+)\}')
CPP_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": ""}
CPP_KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "catch", "else", "do", "new", "delete"}


def cpp_string(token):
    body = token[1:-1].replace("\\\n", "")  # a backslash-newline continues the literal on the next line
    return re.sub(r"\\(.)", lambda m: CPP_ESCAPES.get(m.group(1), m.group(1)), body)


def cpp_sites(text):
    """Message macros of a C++ file: (sites, functions); functions are the bodies at file or class level."""
    # comments and the backslash that continues a macro's line are not tokens
    tokens = [(m.group(0), m.start(), m.end()) for m in CPP_TOKEN.finditer(text)
              if not m.group(0).startswith(("//", "/*", "\\"))]
    n = len(tokens)
    pairs, opened = {}, []
    for k, (token, _, _) in enumerate(tokens):
        if token in "([{":
            opened.append(k)
        elif token in ")]}" and opened:
            pairs[k] = opened.pop()
            pairs[pairs[k]] = k
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(offset):
        return bisect.bisect_right(line_starts, offset)

    def is_name(k):
        return 0 <= k < n and re.match(r"[A-Za-z_]", tokens[k][0]) is not None

    def name_before_body(k):
        """The function whose body opens at tokens[k] ("{"), or None (a class, a namespace, an initializer)."""
        j = k - 1
        while j >= 0 and tokens[j][0] in ("const", "noexcept", "override", "final", "&", "&&", "mutable"):
            j -= 1
        while j >= 0 and tokens[j][0] in (")", "}") and j in pairs:
            m = pairs[j]
            if not is_name(m - 1):
                return None
            if tokens[m - 2][0] == "," or (tokens[m - 2][0] == ":" and tokens[m - 3][0] == ")"):
                j = m - 3  # an initializer list: back over it to the parameters
                continue
            name = tokens[m - 1][0]
            if name in CPP_KEYWORDS:
                return None
            if tokens[m - 2][0] == "::" and is_name(m - 3):
                name = tokens[m - 3][0] + "::" + name
            return name
        return None

    sites, functions = [], []
    stack = []  # per "{" still open: (function name, line) or None
    k = 0
    while k < n:
        token, start, _ = tokens[k]
        if token == "{":
            name = name_before_body(k) if current_function(stack) == "<file>" else None
            stack.append((name, line_of(start)) if name else None)
        elif token == "}":
            if stack:
                top = stack.pop()
                if top:
                    functions.append((top[0], top[1], line_of(start)))
        elif is_name(k) and k + 1 < n and tokens[k + 1][0] == "(" and (k + 1) in pairs:
            spec = CPP_MACROS.get(token)
            log = CPP_LOG_MACRO.match(token)
            if log:
                spec = ("log", "error" if log.group(1) == "E" else "warning", 0, True)
            if spec:
                close = pairs[k + 1]
                args, first_token, depth = [], k + 2, 0
                for j in range(k + 2, close + 1):
                    t = tokens[j][0]
                    if j == close or (t == "," and depth == 0):
                        args.append((first_token, j))
                        first_token = j + 1
                    elif t in "([{":
                        depth += 1
                    elif t in ")]}":
                        depth -= 1
                kind, level, first, printf = spec
                template = Template.literal("")
                for a, b in args[first:]:
                    words = [tokens[j][0] for j in range(a, b)]
                    if words and all(w.startswith('"') for w in words):
                        literal = "".join(cpp_string(w) for w in words)
                        template = template + (from_percent(literal) if printf else Template.literal(literal))
                    else:
                        template = template + Template.value()
                if template.useful():
                    condition = ""
                    if kind in ("check", "assert") and args and args[0][1] > args[0][0]:
                        a, b = args[0]
                        condition = "not (" + " ".join(text[tokens[a][1]:tokens[b - 1][2]].split()) + ")"
                        condition = condition[:MAX_CONDITION]
                    sites.append({"kind": kind, "type": token, "level": level, "template": template.text(),
                                  "line": line_of(start), "function": current_function(stack),
                                  "condition": condition})
                k = close + 1
                continue
        k += 1
    # the strings of message tables (an error code's meaning, a module's name): printed with codes
    for m in CPP_TABLE.finditer(text):
        literal = "".join(cpp_string(t) for t in re.findall(r'"(?:\\[\s\S]|[^"\\\n])*"', m.group(1)))
        template = Template.literal(literal)
        if template.useful():
            sites.append({"kind": "table", "type": "", "level": "error", "template": template.text(),
                          "line": line_of(m.start()), "function": "<table>", "condition": ""})
    return sites, functions


def current_function(stack):
    for opened in reversed(stack):
        if opened:
            return opened[0]
    return "<file>"

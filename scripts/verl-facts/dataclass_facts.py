"""Reads verl's config dataclasses from the source with `ast`, without importing verl (which needs torch):
for a `_target_` such as verl.workers.config.FSDPActorConfig, the class, its fields (inherited ones
first, as dataclasses order them), each field's annotation, whether it has a default, its `Literal[...]`
values, and the values its __post_init__ accepts (`assert self.f in (...)`, `if self.f not in (...):
raise`) and refuses (`if self.f == v: raise`). Every fact with its line. Used by compose.py and by groundtruth.py, which builds stand-in
dataclasses from these fields to instantiate verl's config nodes the way verl does.
"""

import ast
import os


class Reader:
    def __init__(self, tree):
        self.tree = tree
        self.modules = {}
        self.classes = {}

    def module_file(self, module):
        base = os.path.join(self.tree, *module.split("."))
        for candidate in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.isfile(candidate):
                return candidate
        return None

    def parse(self, module):
        if module not in self.modules:
            path = self.module_file(module)
            parsed = None
            if path is not None:
                try:
                    with open(path, encoding="utf-8") as f:
                        parsed = ast.parse(f.read())
                except (SyntaxError, OSError):
                    parsed = None
            self.modules[module] = (path, parsed)
        return self.modules[module]

    @staticmethod
    def absolute(module, is_package, node):
        """The module an ImportFrom names, relative imports resolved against `module`."""
        if node.level == 0:
            return node.module
        parts = module.split(".")
        if not is_package:
            parts = parts[:-1]
        if node.level > 1:
            parts = parts[: len(parts) - (node.level - 1)]
        return ".".join(parts + ([node.module] if node.module else []))

    def find(self, module, name, depth=0):
        """(module, path, ClassDef) of `name` as seen from `module`, following imports; or None."""
        if depth > 12:
            return None
        path, tree = self.parse(module)
        if tree is None:
            return None
        is_package = path.endswith("__init__.py")
        stars = []
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == name:
                return module, path, node
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                source = self.absolute(module, is_package, node)
                if not source or not source.startswith(("verl", "recipe")):
                    continue
                for alias in node.names:
                    if alias.name == "*":
                        stars.append(source)
                    elif (alias.asname or alias.name) == name:
                        found = self.find(source, alias.name, depth + 1)
                        if found:
                            return found
                        # `from .sub import Name` where sub is a module of its own
                        found = self.find(f"{source}.{alias.name}", alias.name, depth + 1)
                        if found:
                            return found
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name) and target.id == name and isinstance(node.value, ast.Name):
                    return self.find(module, node.value.id, depth + 1)
        for source in stars:
            found = self.find(source, name, depth + 1)
            if found:
                return found
        return None

    def constants(self, module):
        """Module-level names bound to a literal list, tuple or set."""
        _, tree = self.parse(module)
        out = {}
        for node in tree.body if tree else []:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                values = constant_collection(node.value)
                if values is not None:
                    out[node.targets[0].id] = values
        return out

    def resolve(self, dotted):
        if "." not in dotted:
            return None
        module, name = dotted.rsplit(".", 1)
        found = self.find(module, name)
        if found is None:
            # A class nested in a module path that is itself a class (rare): not followed.
            return None
        return found

    def dataclass(self, dotted, tag):
        """The facts of one dataclass, or None when the class is not found or is not a dataclass."""
        if dotted in self.classes:
            return self.classes[dotted]
        found = self.resolve(dotted)
        result = None
        if found is not None:
            result = self.describe(found, tag)
        self.classes[dotted] = result
        return result

    def field_class(self, module, annotation, depth):
        """The dotted name of the dataclass a field is annotated with (checkpoint: CheckpointConfig), or None."""
        name = annotation_name(annotation)
        if not name or name in ("int", "float", "str", "bool", "dict", "list", "Any") or depth > 6:
            return None
        found = self.find(module, name)
        if found is None:
            return None
        return f"{found[0]}.{found[2].name}"

    def describe(self, found, tag, depth=0):
        module, path, node = found
        rel = os.path.relpath(path, self.tree)
        is_dataclass = any(
            (isinstance(d, ast.Name) and d.id == "dataclass")
            or (isinstance(d, ast.Attribute) and d.attr == "dataclass")
            or (isinstance(d, ast.Call) and ast.unparse(d.func).endswith("dataclass"))
            for d in node.decorator_list
        )
        fields = {}
        checks = {}
        bases = []
        for base in node.bases:
            base_name = ast.unparse(base)
            if depth > 10 or "." in base_name or base_name in ("object", "Enum", "str"):
                continue
            parent = self.find(module, base_name)
            if parent is None:
                continue
            described = self.describe(parent, tag, depth + 1)
            if described is None:
                continue
            bases.append(described["class"])
            fields.update(described["fields"])
            checks.update(described["checks"])
        for stmt in node.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                annotation = ast.unparse(stmt.annotation)
                if annotation.startswith(("ClassVar", "typing.ClassVar")):
                    continue
                field = {"type": annotation, "src": f"{tag}:{rel}:{stmt.lineno}"}
                if stmt.value is None:
                    field["required"] = True
                literal = literal_values(stmt.annotation)
                if literal is not None:
                    field["literal"] = literal
                nested = self.field_class(module, stmt.annotation, depth)
                if nested:
                    field["class"] = nested
                fields[stmt.target.id] = field
            elif isinstance(stmt, ast.FunctionDef) and stmt.name == "__post_init__":
                for name, values, refused, line in membership_checks(stmt, self.constants(module)):
                    check = checks.setdefault(name, {"src": f"{tag}:{rel}:{line}"})
                    if values is not None:
                        check["values"] = values
                    if refused is not None:
                        check["refused"] = check.get("refused", []) + refused
        if not is_dataclass and not bases:
            return None
        return {
            "class": f"{module}.{node.name}",
            "src": f"{tag}:{rel}:{node.lineno}",
            "fields": fields,
            "checks": checks,
            "bases": bases,
        }


def annotation_name(annotation):
    """The class an annotation names, Optional[...] and `| None` taken off; None for anything else."""
    node = annotation
    if isinstance(node, ast.Subscript) and ast.unparse(node.value).split(".")[-1] == "Optional":
        node = node.slice
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [n for n in (node.left, node.right) if not (isinstance(n, ast.Constant) and n.value is None)]
        if len(sides) != 1:
            return None
        node = sides[0]
    if isinstance(node, ast.Name):
        return node.id
    return None


def literal_values(annotation):
    """The values of a Literal[...] annotation (also inside Optional[...] or `| None`), or None."""
    found = []
    for node in ast.walk(annotation):
        if isinstance(node, ast.Subscript) and ast.unparse(node.value).split(".")[-1] == "Literal":
            inner = node.slice
            elements = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            for e in elements:
                if isinstance(e, ast.Constant):
                    found.append(e.value)
    return found or None


def constant_collection(node):
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        values = []
        for e in node.elts:
            if not isinstance(e, ast.Constant):
                return None
            values.append(e.value)
        return values
    return None


def self_field(node):
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr
    return None


def membership_checks(function, constants=None):
    """(field, accepted values, refused values, line) for the unconditional value checks of a
    __post_init__: `assert self.f in (...)`, `if self.f not in (...): raise`, `if self.f == v: raise`,
    at the top of its body or under `if self.f is not None:`. A collection may be a local or module-level
    name bound to a literal list, tuple or set."""
    names = dict(constants or {})
    out = []

    def collection(node):
        if isinstance(node, ast.Name):
            return names.get(node.id)
        return constant_collection(node)

    def visit(body, guard):
        for stmt in body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                values = constant_collection(stmt.value)
                if values is not None:
                    names[stmt.targets[0].id] = values
            elif isinstance(stmt, ast.Assert):
                test = stmt.test
                if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In):
                    name = self_field(test.left)
                    values = collection(test.comparators[0])
                    if name and values is not None and guard in (None, name):
                        out.append((name, values, None, stmt.lineno))
            elif isinstance(stmt, ast.If):
                test = stmt.test
                raises = any(isinstance(s, ast.Raise) for s in stmt.body)
                if isinstance(test, ast.Compare) and len(test.ops) == 1:
                    name = self_field(test.left)
                    op = test.ops[0]
                    if name and raises and guard in (None, name):
                        if isinstance(op, ast.NotIn):
                            values = collection(test.comparators[0])
                            if values is not None:
                                out.append((name, values, None, stmt.lineno))
                        elif isinstance(op, ast.Eq) and isinstance(test.comparators[0], ast.Constant):
                            out.append((name, None, [test.comparators[0].value], stmt.lineno))
                    elif (name and guard is None and isinstance(op, ast.IsNot)
                          and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None):
                        visit(stmt.body, name)

    visit(function.body, None)
    return out

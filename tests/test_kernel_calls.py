"""A kernel calls another kernel with no constant argument.

numba types a constant argument (``0``, ``True``, ``-1``, a module's ``PASS``) as a
literal of its value and compiles the called kernel once for each value it is passed,
each time with everything that kernel calls: a game's first compile pays for every
copy. A kernel passes ``np.int64(0)`` or ``np.bool_(True)`` instead (one compiled
callee, whatever the value), or the callee is inlined into its callers
(``inline="always"``: no compiled kernel of its own, so nothing to copy).

Read from the source with ``ast``: every call, in the body of a kernel of
``wordbot.movegen`` or ``wordbot.dictionaries``, of a name that is a kernel in the
calling module (``f(...)``, ``module.f(...)``).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap

from numba.core.registry import CPUDispatcher

PACKAGES = ("wordbot.movegen", "wordbot.dictionaries")


def modules():
    for name in PACKAGES:
        package = importlib.import_module(name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, name + "."):
            yield importlib.import_module(info.name)


def kernels():
    """Every kernel defined in the packages: (qualified name, dispatcher)."""
    for module in modules():
        for attr, obj in vars(module).items():
            if isinstance(obj, CPUDispatcher) and obj.__module__ == module.__name__:
                yield f"{module.__name__}.{attr}", obj


def callee(node: ast.expr, scope: dict):
    """The object a call's function expression names in ``scope`` (None: unknown)."""
    if isinstance(node, ast.Name):
        return scope.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = callee(node.value, scope)
        return getattr(owner, node.attr, None) if owner is not None else None
    return None


def constant(node: ast.expr, scope: dict) -> str | None:
    """How ``node`` reads when numba would type it as a literal (None: it would not)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    if isinstance(node, ast.Constant):
        value = node.value
    elif isinstance(node, ast.Name) and node.id in scope:
        value = scope[node.id]
    else:
        return None
    return ast.unparse(node) if type(value) in (int, bool) else None


def literal_calls():
    """(kernel, line, call) of every call passing a constant to a kernel compiled on
    its own."""
    found = []
    for name, kernel in kernels():
        func = kernel.py_func
        scope = func.__globals__
        tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
        first = func.__code__.co_firstlineno
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            target = callee(node.func, scope)
            if not isinstance(target, CPUDispatcher):
                continue
            if target.targetoptions.get("inline") == "always":
                continue
            args = list(node.args) + [k.value for k in node.keywords]
            if any(constant(a, scope) for a in args):
                found.append((name, first + node.lineno - 1, ast.unparse(node)))
    return found


def test_the_scan_sees_kernel_calls():
    """The scan reads calls: the kernels call each other thousands of times."""
    calls = 0
    for _, kernel in kernels():
        tree = ast.parse(textwrap.dedent(inspect.getsource(kernel.py_func)))
        calls += sum(
            isinstance(callee(n.func, kernel.py_func.__globals__), CPUDispatcher)
            for n in ast.walk(tree)
            if isinstance(n, ast.Call)
        )
    assert calls > 300


def test_no_kernel_passes_a_constant_to_a_compiled_kernel():
    found = literal_calls()
    assert not found, "\n".join(f"{n}:{line}: {call}" for n, line, call in found)

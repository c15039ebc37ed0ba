"""Your own bot, named by a spec: ``package.module:ClassName`` or ``path/to/bot.py:ClassName``.

``load_bot(spec)`` imports the module (a module name is looked up on ``sys.path`` with the working
directory first, as ``python -m`` would; a path is read as a file), takes the class, checks that it
is a bot (a class with a ``choose`` method) and makes one with no arguments. ``ConfigError`` says
which of these went wrong. ``cardrules arena --bots``, ``cardrules play --bots`` and
``cardrules serve --bot NAME=SPEC`` all load bots so.

A bot loaded from a file pickles by its spec: in another process (the arena's workers, a search
worker of the server, started by ``spawn`` or ``fork``) it is rebuilt from the same file, so the
file must still be there.
"""

from __future__ import annotations

import copyreg
import hashlib
import importlib
import importlib.util
import os
import sys
import traceback
from types import ModuleType
from typing import Any

from cardrules._reprs import short_repr, short_str
from cardrules.errors import ConfigError

__all__ = ["bot_class", "is_spec", "load_bot"]

_FROM_FILES: dict[str, ModuleType] = {}
"""The modules loaded from files in this process, by absolute path (each file is run once)."""


def is_spec(text: str) -> bool:
    """Whether ``text`` names a bot of your own (``module:Class`` or ``file.py:Class``) rather than
    one of the library's bots by name."""
    return ":" in text


def load_bot(spec: str) -> Any:
    """A bot made from ``spec`` (``package.module:ClassName`` or ``path/to/bot.py:ClassName``) by
    calling the class with no arguments. ``ConfigError`` if the module does not import, has no
    such class, the class is no bot (it has no ``choose`` method), or making one raises."""
    cls = bot_class(spec)
    try:
        return cls()
    except Exception as exc:
        raise ConfigError(
            f"{spec}: {cls.__name__}() raised {type(exc).__name__}: {short_str(exc)} "
            "(a bot named by a spec is made with no arguments)"
        ) from None


def bot_class(spec: str) -> type[Any]:
    """The class ``spec`` names, checked to be a bot (see ``load_bot``)."""
    if not isinstance(spec, str):
        raise ConfigError(f"a bot spec is a string, got {short_repr(spec)}")
    where, _, name = spec.strip().rpartition(":")
    if not where or not name:
        raise ConfigError(
            f"a bot spec is package.module:ClassName or path/to/bot.py:ClassName, got {short_repr(spec)}"
        )
    found: Any = _module_from_file(where) if _is_path(where) else _module_by_name(where)
    for part in name.split("."):
        found = getattr(found, part, None)
        if found is None:
            raise ConfigError(f"{spec}: {where} has no class named {name}")
    if not isinstance(found, type):
        raise ConfigError(f"{spec}: {name} is not a class: it is {short_repr(found)}")
    if not callable(getattr(found, "choose", None)):
        raise ConfigError(f"{spec}: {name} is not a bot: it has no choose(view, seed) method")
    return found


def _is_path(where: str) -> bool:
    return where.endswith(".py") or "/" in where or os.sep in where


def _module_by_name(name: str) -> ModuleType:
    if not all(part.isidentifier() for part in name.split(".")):
        raise ConfigError(f"{short_repr(name)} is neither a module name nor a path to a .py file")
    here = os.getcwd()
    if here not in sys.path:  # as ``python -m`` and uvicorn do: modules beside you import
        sys.path.insert(0, here)
    try:
        return importlib.import_module(name)
    except Exception as exc:
        raise ConfigError(f"cannot import {name}: {_failure(exc)}") from None


def _module_from_file(path: str) -> ModuleType:
    full = os.path.abspath(path)
    module = _FROM_FILES.get(full)
    if module is not None:
        return module
    if not os.path.isfile(full):
        raise ConfigError(f"no bot file {path} (no such file)")
    name = "cardrules_bot_" + hashlib.sha256(full.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    spec = importlib.util.spec_from_file_location(name, full)
    if spec is None or spec.loader is None:
        raise ConfigError(f"cannot load {path} as a Python module (a bot file ends in .py)")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # so that the classes it defines work with dataclasses, attrs, typing
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise ConfigError(f"cannot import {path}: {_failure(exc)}") from None
    _FROM_FILES[full] = module
    for value in list(vars(module).values()):
        if isinstance(value, type) and value.__module__ == name:
            copyreg.pickle(value, _reduce(full))
    return module


def _failure(exc: BaseException) -> str:
    """What went wrong importing, in one line: the error, and where in the bot's own code."""
    frames = [
        f
        for f in traceback.extract_tb(exc.__traceback__)
        if f.filename != __file__ and "importlib" not in f.filename
    ]
    where = f" ({os.path.basename(frames[-1].filename)}, line {frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {short_str(exc)}{where}"


def _reduce(path: str) -> Any:
    """How an instance of a class from the file ``path`` pickles: rebuilt from the file, by name."""

    def reduce(bot: Any) -> Any:
        reduced = bot.__reduce_ex__(2)
        if not isinstance(reduced, tuple) or reduced[0] is not getattr(copyreg, "__newobj__", None):
            return reduced  # the class pickles itself its own way
        cls, args = reduced[1][0], reduced[1][1:]
        return (_rebuild, (path, cls.__qualname__, args), *reduced[2:])

    return reduce


def _rebuild(path: str, qualname: str, args: tuple[Any, ...]) -> Any:
    """In any process: a bare instance of the class ``qualname`` of the file ``path``, whose state
    pickle then restores."""
    found: Any = _module_from_file(path)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found.__new__(found, *args)

"""How to install an extra, said one way everywhere: the error raised when a module of cardrules is
imported without the extra it needs, and every other message that names an extra."""

from __future__ import annotations


def install_command(extras: str) -> str:
    """The command that installs cardrules with ``extras`` (``"serve"``, ``"dev,serve"``).

    The checkout form, run in a clone of the repository: cardrules has no release on PyPI yet, so
    ``pip install "cardrules[serve]"`` would fail. When it has one, this is the one place to change.
    """
    return f'python -m pip install -e ".[{extras}]"'


def missing_extra(module: str, extra: str, cause: ImportError) -> ModuleNotFoundError:
    """A ``ModuleNotFoundError`` saying which extra ``module`` needs and how to install it.

    A ``ModuleNotFoundError`` (not a bare ``ImportError``) because that is what it is: tools such as
    ``pytest.importorskip`` treat it as "not installed" and skip, while any other ``ImportError``
    is a broken install worth seeing.
    """
    return ModuleNotFoundError(
        f"{module} needs the {extra!r} extra ({cause}); in a checkout of cardrules: {install_command(extra)}",
        name=cause.name,
    )

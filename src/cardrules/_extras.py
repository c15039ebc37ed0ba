"""The error raised when a module of cardrules is imported without the extra it needs."""

from __future__ import annotations


def missing_extra(module: str, extra: str, cause: ImportError) -> ModuleNotFoundError:
    """A ``ModuleNotFoundError`` saying which extra ``module`` needs and how to install it.

    A ``ModuleNotFoundError`` (not a bare ``ImportError``) because that is what it is: tools such as
    ``pytest.importorskip`` treat it as "not installed" and skip, while any other ``ImportError``
    is a broken install worth seeing.
    """
    return ModuleNotFoundError(
        f"{module} needs the {extra!r} extra ({cause}): "
        f'python -m pip install "cardrules[{extra}]"'
        f' (from a checkout: python -m pip install -e ".[{extra}]")',
        name=cause.name,
    )

"""Database addresses (``GORYO_DATABASE``): a SQLite file, or a URL such as ``postgresql://…``.

``redact(database)`` is the one way to show an address anywhere (logs, errors, command-line
output, settings messages, the sandbox): the password and every query parameter that may be
secret become ``***``. Admins type these URLs by hand, unencoded characters included, so
the parsing is forgiving and, when unsure, hides more: the userinfo ends at the *last* ``@``
before the host (a password may hold ``@``, ``/``, ``?``; an ``@`` in the query, as in
``?user=me@corp``, is told apart by the ``?name=`` before it), and from the first query parameter
not known to be harmless on, the rest of the query is hidden (an unencoded ``&`` may be part
of a password). ``scrub(text, database)`` removes the same secrets from text the address
did not produce, such as a driver's error message.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from urllib.parse import quote, unquote, unquote_plus

HIDDEN = "***"

_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+):(//)?")  # two letters at least: C:\… is a file
# What may follow the "@" that ends the userinfo: hosts (no @ / ? # = &), a path without ? or @, a query.
_AFTER_USERINFO = re.compile(r"[^@/?#=&]*(?:/[^?@]*)?(?:\?.*)?", re.DOTALL)
# Hosts as libpq takes them: name or [IPv6], an optional port, comma-separated.
_HOST = r"(?:\[[0-9A-Fa-f:.]*\]|[^\[\]:@,/?#=&]*)(?::[0-9]*)?"
_HOSTS = re.compile(rf"{_HOST}(?:,{_HOST})*")
_QUERY_START = re.compile(r"\?[A-Za-z_]+=")
_REST = re.compile(r"([^/?]*)(/[^?]*)?(?:\?(.*))?", re.DOTALL)
# libpq parameters whose values say nothing secret; anything else (password, passfile, sslpassword,
# sslkey, options, a name we don't know, …) is hidden.
SHOWN_PARAMETERS = frozenset({
    "host", "hostaddr", "port", "dbname", "database", "user", "sslmode", "application_name",
    "connect_timeout", "target_session_attrs",
})


@dataclass(frozen=True)
class Address:
    """A database URL as typed, split into its parts (nothing decoded)."""

    scheme: str
    slashes: str  # "//", or "" for scheme:rest
    user: str | None  # None: no userinfo
    password: str | None  # None: no ":" in the userinfo
    hosts: str
    path: str
    query: str | None  # None: no "?"
    unparsed: str | None = None  # all after the scheme, when it cannot be read safely: hidden whole

    def show(self, *, hide: bool = True) -> str:
        text = f"{self.scheme}:{self.slashes}"
        if self.unparsed is not None:
            return text + (HIDDEN if hide else self.unparsed)
        if self.user is not None:
            text += self.user
            if self.password is not None:
                text += ":" + (HIDDEN if hide and self.password else self.password)
            text += "@"
        text += self.hosts + self.path
        if self.query is not None:
            text += "?" + ("&".join(_split_query(self.query)[0]) if hide else self.query)
        return text

    def secrets(self) -> set[str]:
        """The texts this address hides, as typed and decoded."""
        hidden = [self.password or "", self.unparsed or ""]
        if self.query is not None:
            hidden.append(_split_query(self.query)[1])
        return {form for text in hidden if text for form in (text, unquote(text), unquote_plus(text))}


def is_url(database: object) -> bool:
    """Whether ``database`` is a URL (``scheme:…``) rather than a file name."""
    return isinstance(database, (str, os.PathLike)) and _SCHEME.match(os.fspath(database)) is not None


def scheme_of(database: str | os.PathLike[str]) -> str:
    """``postgresql`` for ``postgresql://…`` (and so on), ``""`` for a file name (a Path made of a URL is still a
    URL), and the scheme with its colon for ``scheme:…`` without ``//``, a form no store is opened from."""
    found = _SCHEME.match(os.fspath(database))
    return "" if found is None else found.group(1).lower() + ("" if found.group(2) else ":")


def parse(url: str) -> Address:
    """A URL's parts. The userinfo ends at the last ``@`` that can be followed by hosts, a path and a query."""
    found = _SCHEME.match(url)
    if found is None:
        raise ValueError("not a URL")
    rest = url[found.end():]
    scheme, slashes = found.group(1), found.group(2) or ""
    ats = [i for i, char in enumerate(rest) if char == "@" and _AFTER_USERINFO.fullmatch(rest, i + 1)]
    # The last such "@", unless what comes before it holds a query ("…@db/goryo?password=p@ss").
    clean = [i for i in ats if not _QUERY_START.search(rest, 0, i)]
    if clean:
        userinfo, rest = rest[: clean[-1]], rest[clean[-1] + 1:]
        user, colon, password = userinfo.partition(":")
    elif "@" not in rest.partition("?")[0] and _HOSTS.fullmatch(_rest(rest)[0]):
        user, colon, password = None, "", None  # no userinfo; any "@" is in the query (…?user=me@corp)
    else:  # no reading is safe to show
        return Address(scheme, slashes, user=None, password=None, hosts="", path="", query=None, unparsed=rest)
    hosts, path, query = _rest(rest)
    return Address(
        scheme, slashes, user=user, password=password if colon else None, hosts=hosts, path=path or "", query=query,
    )


def _rest(rest: str) -> tuple[str, str | None, str | None]:
    """What follows the userinfo: the hosts, the path (None: none), the query (None: no "?")."""
    found = _REST.fullmatch(rest)
    assert found is not None  # every part of _REST may be empty, so it matches any text
    hosts, path, query = found.groups()
    return hosts, path, query


def redact(database: str | os.PathLike[str]) -> str:
    """The address to show: a file as it is, a URL without its secrets."""
    text = os.fspath(database)
    return parse(text).show() if is_url(text) else text


def scrub(text: str, database: str | os.PathLike[str]) -> str:
    """``text`` (an error message, say) with the address's secrets, and any long piece of them, hidden."""
    if not is_url(database):
        return text
    whole = {secret for secret in parse(os.fspath(database)).secrets() if len(secret) >= 3}
    # A driver that splits the URL elsewhere may quote part of a password (a "host" after its first "@").
    secrets = whole | {piece for secret in whole for piece in re.split(r"[@:/?&=#]", secret) if len(piece) >= 3}
    for secret in sorted(secrets, key=len, reverse=True):
        text = text.replace(secret, HIDDEN)
    return text


def for_driver(url: str) -> str:
    """The URL with its user and password percent-encoded, so that a driver splits it where ``parse`` does."""
    address = parse(url)
    if address.user is None:
        return url
    encoded = Address(
        address.scheme, address.slashes, user=quote(unquote(address.user), safe=""),
        password=None if address.password is None else quote(unquote(address.password), safe=""),
        hosts=address.hosts, path=address.path, query=address.query,
    )
    return encoded.show(hide=False)


def _split_query(query: str) -> tuple[list[str], str]:
    """The parameters to show (the harmless ones up to the first other one, then ``name=***`` or ``***``),
    and the hidden text: from that parameter's value to the end, since an unencoded ``&`` may be in it."""
    shown: list[str] = []
    for parameter in query.split("&"):
        name, equals, _ = parameter.partition("=")
        if equals and name.lower() in SHOWN_PARAMETERS:
            shown.append(parameter)
            continue
        start = len("&".join(shown)) + bool(shown)
        if equals and re.fullmatch(r"[A-Za-z_]+", name):
            return [*shown, f"{name}={HIDDEN}"], query[start + len(name) + 1:]
        return [*shown, HIDDEN], query[start:]
    return shown, ""

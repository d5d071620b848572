"""The client's address (rate limits, django-axes), believed only from trusted proxies."""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _trusted(entries: tuple[str, ...]) -> tuple[Network, ...]:
    """``127.0.0.1``, ``10.0.0.0/8``, ``::1``: addresses and networks (settings checked them)."""
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)


def _is_trusted(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in network for network in networks)


def client_ip_address(request: HttpRequest) -> str | None:
    """The address of whoever sent the request, as far as it can be known.

    The socket's peer (``REMOTE_ADDR``) unless it is one of the trusted proxies
    (``TRUSTED_PROXIES``); only then is ``X-Forwarded-For`` read, from the right:
    each proxy appends the address it received the request from, so the first
    address that is not itself a trusted proxy is the client (anything further
    left was written by the client and may be forged). ``TRUSTED_PROXY_COUNT``,
    when set, is how many entries at most are read that way.
    """
    peer = request.META.get("REMOTE_ADDR")
    networks = _trusted(tuple(settings.TRUSTED_PROXIES))
    if not peer or not networks or not _is_trusted(peer, networks):
        return peer
    forwarded = [
        part.strip()
        for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if part.strip()
    ]
    limit = settings.TRUSTED_PROXY_COUNT or len(forwarded)
    client = peer
    for address in reversed(forwarded[-limit:] if limit else []):
        try:
            ipaddress.ip_address(address)
        except ValueError:
            return client  # not an address: a forgery, or a proxy out of order
        client = address
        if not _is_trusted(address, networks):
            return client
    return client


def address_block(address: str) -> str:
    """The block an address stands for when counting clients: an IPv6 address by its /64
    (one household or server holds a whole /64; written as the block's first address),
    an IPv4-mapped one as IPv4, anything else as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)
    return str(ip)


def client_block(request: HttpRequest) -> str | None:
    """The client's address as a block (``address_block``): what django-axes keys its
    (username, address) lock on, so that the 2**64 addresses of one IPv6 client are one."""
    address = client_ip_address(request)
    return address_block(address) if address else address

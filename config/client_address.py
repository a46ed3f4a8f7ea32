"""Who is knocking: the one place every limit (the forms' and the API's) learns the
client's address.

From the socket (``REMOTE_ADDR``) unless ``NUM_PROXIES`` trusted proxies stand in front
of the site; then from ``X-Forwarded-For``, counting that many hops from its right end
(each proxy appends the address it saw, so only the entries our own proxies wrote are
true: anything further left is whatever the client chose to send). An IPv6 client
holds a whole /64 as a rule, so it counts as its /64, not as one of 2^64 addresses.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress

from django.conf import settings
from django.http import HttpRequest

IPV6_PREFIX = 64


def _forwarded_address(request: HttpRequest, proxies: int) -> str:
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    if not hops:
        return ""
    return hops[-min(proxies, len(hops))]


def address_key(raw: str) -> str:
    """``raw`` as limits count it: an IPv4 address, or the /64 of an IPv6 one (an
    IPv4-mapped IPv6 address is its IPv4 address); "unknown" for what is no address. A
    key is its own key: an IPv6 /64 given back stays the /64."""
    text = raw.strip().strip("[]")
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return _network_key(text)
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)


def _network_key(text: str) -> str:
    try:
        network = ipaddress.IPv6Network(text, strict=False)
    except ValueError:
        return "unknown"
    if network.prefixlen < IPV6_PREFIX:
        return "unknown"  # wider than one household: no one's address
    return str(network.supernet(new_prefix=IPV6_PREFIX))


def client_address(request: HttpRequest) -> str:
    """The client's address as the limits count it (``address_key``)."""
    proxies = int(settings.NUM_PROXIES)
    raw = _forwarded_address(request, proxies) if proxies > 0 else ""
    return address_key(raw or str(request.META.get("REMOTE_ADDR", "")))


def network_hash(raw: str) -> str:
    """A keyed hash (HMAC-SHA256 with the site's key, first 128 bits) of the network
    ``raw`` is on, as ``address_key`` counts it; "" for what is no address. Trust keeps
    it where an account was made and where each run was started, never the address."""
    return _network_hashed(address_key(raw))


def _network_hashed(key: str) -> str:
    return "" if key == "unknown" else keyed_hash("network", key)


def keyed_hash(kind: str, value: str) -> str:
    secret = settings.SECRET_KEY.encode()
    return hmac.new(secret, f"{kind}:{value}".encode(), hashlib.sha256).hexdigest()[:32]


def client_network(request: HttpRequest) -> str:
    """The keyed hash of the network the client knocks from (``network_hash``): the
    address is keyed once, by ``client_address``."""
    return _network_hashed(client_address(request))

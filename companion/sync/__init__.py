"""LAN sync: a host that owns the table, devices that join it with the table's PIN, zeroconf discovery.

- :mod:`.hosting` — :class:`HostServer` (engine + SQLite store + websocket + advertiser) and its
  :class:`LocalSession` for the hosting device's own screen;
- :mod:`.client` — :func:`join` and :class:`RemoteSession` for a joining device, :func:`parse_join_code`;
- :mod:`.discovery` — :class:`Advertiser` and :class:`Browser` (``_tablekeeper._tcp.local.``);
- :mod:`.protocol` — the handshake and the authenticated frames.
"""

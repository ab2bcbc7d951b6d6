"""The table server (``pip install 'cardrules[server]'``; ``cardrules serve``): tables
by profile name over HTTP and WebSockets, for apps in any language and a browser.

- :mod:`cardrules.server.messages`: the protocol, as pydantic models (and their JSON Schemas).
- :mod:`cardrules.server.store`: the tables and their actions in a database (SQLAlchemy).
- :mod:`cardrules.server.tables`: the tables in memory, their bots, and every change of them.
- :mod:`cardrules.server.app`: the ASGI application (Starlette) and its sockets.
- :mod:`cardrules.server.transport`: uvicorn's connections, with a bound on what each may cost
  (:mod:`cardrules.server.limits`).
- :mod:`cardrules.server.testing`: ``cardrules serve`` in a child process, for tests.
- ``static/``: the browser table.

The Python client is :mod:`cardrules.client`.
"""

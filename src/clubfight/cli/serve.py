"""``clubfight serve``: the game in a web browser, through textual-serve (the optional ``web`` extra).

Each browser tab runs its own ``clubfight`` process on the same data folder; the storage locks
keep the tabs' statistics, settings and saves safe from each other. Exported records reach the
browser as a download (``App.deliver_text``).
"""

from __future__ import annotations

import argparse
import asyncio
import shlex
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aiohttp import web

WEB_EXTRA = (
    "clubfight serve needs the web extra: pip install 'clubfight[web]' (or uv tool install 'clubfight[web]'; "
    "from a clone: python3 -m uv run --extra web clubfight serve)"
)

TAKE_KEYS = """<script>
/* clubfight: the terminal takes the keys as soon as the app is connected. textual-serve's page never
   focuses xterm.js's input (a hidden textarea), so keys did nothing until the page was clicked. */
(function () {
  function focusTerminal() {
    var input = document.querySelector(".xterm-helper-textarea");
    if (input && document.activeElement !== input) { input.focus({ preventScroll: true }); }
    return Boolean(input);
  }
  new MutationObserver(function (changes, observer) {
    if (document.body.classList.contains("-loaded") && focusTerminal()) { observer.disconnect(); }
  }).observe(document.body, { attributes: true, attributeFilter: ["class"] });
  /* back from another tab or window: the keys go to the game again, unless a link or button has them */
  window.addEventListener("focus", function () {
    if (document.activeElement === document.body || document.activeElement === null) { focusTerminal(); }
  });
})();
</script>
"""
"""Added to textual-serve's page just before ``</body>`` (see ``take_keys``)."""
TAB_CLOSE_SECONDS = 10.0
"""On stopping, how long the open tabs' apps get to quit."""


def command() -> str:
    """The command each browser tab runs: this very interpreter and package, in served mode."""
    return f"{shlex.quote(sys.executable)} -m clubfight"


def with_take_keys(html: str) -> str:
    """The page with ``TAKE_KEYS`` before its ``</body>`` (unchanged if it has none)."""
    head, marker, tail = html.rpartition("</body>")
    return f"{head}{TAKE_KEYS}{marker}{tail}" if marker else html


async def take_keys(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """aiohttp middleware: the index page gets ``TAKE_KEYS``; every other response passes as it is."""
    from aiohttp import web

    response: web.StreamResponse = await handler(request)
    if request.path == "/" and isinstance(response, web.Response) and response.text is not None:
        response.text = with_take_keys(response.text)
    return response


def run(args: argparse.Namespace) -> int:
    try:
        from aiohttp import WSCloseCode, web
        from textual_serve.server import Server  # the optional web extra
    except ImportError:
        print(f"clubfight: {WEB_EXTRA}", file=sys.stderr)
        return 1

    class KeyTakingServer(Server):
        """textual-serve's server, its page focusing the terminal on load (``TAKE_KEYS``). Its page
        template has no place for a script of ours, so a middleware adds it to the served page.

        Told to stop (Ctrl+C, SIGTERM), it closes the open tabs: textual-serve doesn't, and with a tab
        open aiohttp waited for it a whole minute before stopping."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.tabs: set[web.WebSocketResponse] = set()
            """The open tabs' WebSockets (each drives a ``clubfight`` process)."""

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.middlewares.append(web.middleware(take_keys))
            return app

        async def _process_messages(self, websocket: web.WebSocketResponse, app_service: Any) -> None:
            self.tabs.add(websocket)
            try:
                await super()._process_messages(websocket, app_service)
            finally:
                self.tabs.discard(websocket)

        async def on_shutdown(self, app: web.Application) -> None:
            """Close every tab's WebSocket: textual-serve then tells its app to quit, and waits for it."""
            closing = [asyncio.create_task(tab.close(code=WSCloseCode.GOING_AWAY)) for tab in list(self.tabs)]
            if closing:
                await asyncio.wait(closing, timeout=TAB_CLOSE_SECONDS)

    server = KeyTakingServer(command(), host=args.host, port=args.port, title="Club Fight")
    print(f"Serving Club Fight at http://{args.host}:{args.port} (Ctrl+C stops)", flush=True)
    server.serve()
    return 0

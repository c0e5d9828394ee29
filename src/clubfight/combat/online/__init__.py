"""Combat Club online: the protocol, the match server, the room store, the client and a bot.

The pure modules (no sockets, clock, files or randomness of their own) hold the game side:

- ``protocol``: the wire format, protocol 1 (reading client frames, writing server frames);
- ``codes``: room codes such as ``KX7-4PM``; ``options``: a room's options;
- ``table``: one room's match, with setup at once, the counter window, timers and claims;
- ``views`` and ``notes``: what each seat and spectator is shown and told;
- ``snapshot``: a room as a JSON document and back; ``limits``: rate limits;
- ``seat_view``: a client's reading of the server's messages, and the round a seat sees.

The network and disk side is imported only by whoever needs it, so that importing this package
loads no ``websockets`` (docs/online.md):

- ``store``: the room store (one interface: memory, or memory plus files);
- ``server``: the asyncio match server; ``client``: the client, for the app and the bot;
- ``bot``: a headless computer player; ``launcher``: a server started in the background.
"""

from .codes import new_room_code, parse_room_code
from .options import OptionError, RoomOptions
from .protocol import PROTOCOL, ProtocolError, parse_client_message
from .table import Refusal, Stage, Table

__all__ = [
    "PROTOCOL",
    "OptionError",
    "ProtocolError",
    "Refusal",
    "RoomOptions",
    "Stage",
    "Table",
    "new_room_code",
    "parse_client_message",
    "parse_room_code",
]

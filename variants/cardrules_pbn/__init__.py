"""PBN (Portable Bridge Notation 2.1) for the bridge families: whole boards in and out.

A library, not a plugin: Minibridge (``cardrules_minibridge.pbn``) and contract
bridge read and write their deals with it.  It reads PBN as tournament
software writes it (comments, ``%`` lines, ``#`` values, notes, ``*`` ends,
``-`` for what is not given) into :class:`PbnBoard` values, and writes boards
in the export layout that reads back equal.

- :mod:`cardrules_pbn.syntax`: text -> games of tags (:func:`read_games`).
- :mod:`cardrules_pbn.reader`: tags -> :class:`PbnBoard` (:func:`loads`), and
  the building blocks a family's own reader uses.
- :mod:`cardrules_pbn.writer`: :class:`PbnBoard` -> text (:func:`dumps`).
- :mod:`cardrules_pbn.model`: the board, :class:`PbnError`, the auction's Laws.

>>> text = '''
... [Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQ2.AKQ.AKQ.AK2 JT98.JT9.JT9.JT9 7654.876.876.876 3.5432.5432.Q543"]
... [Auction "N"]
... 2C =1= Pass 3NT AP
... [Note "1:strong"]
... [Play "W"]
... S3 SA ST S4
... *
... '''
>>> (board,) = loads(text)
>>> board.auction, board.contract, board.declarer, board.call_marks[0], board.notes
(('2C', 'pass', '3NT', 'pass', 'pass', 'pass'), '3NT', 2, '=1=', ((1, 'strong'),))
>>> board.play, board.plays()[1]
(('3S', 'AS', '10S', '4S'), (0, Card.parse('AS')))
>>> loads(dumps([board])) == [board]
True
"""

from cardrules_pbn.model import (
    CALLS,
    MANDATORY_TAGS,
    VULNERABILITY,
    AuctionOutcome,
    PbnBoard,
    PbnError,
    auction_outcome,
)
from cardrules_pbn.reader import (
    PlayRecord,
    declarer_tricks,
    loads,
    parse_board,
    parse_card,
    parse_deal,
    parse_number,
    parse_play,
    parse_seat,
)
from cardrules_pbn.syntax import MAX_PBN_CHARS, PbnTag, read_games
from cardrules_pbn.writer import (
    HEADER,
    deal_text,
    dump_board,
    dumps,
    hand_text,
    pbn_file,
    play_rows,
    quote,
    tag_line,
)

__all__ = [
    "CALLS",
    "HEADER",
    "MANDATORY_TAGS",
    "MAX_PBN_CHARS",
    "VULNERABILITY",
    "AuctionOutcome",
    "PbnBoard",
    "PbnError",
    "PbnTag",
    "PlayRecord",
    "auction_outcome",
    "deal_text",
    "declarer_tricks",
    "dump_board",
    "dumps",
    "hand_text",
    "loads",
    "parse_board",
    "parse_card",
    "parse_deal",
    "parse_number",
    "parse_play",
    "parse_seat",
    "pbn_file",
    "play_rows",
    "quote",
    "read_games",
    "tag_line",
]

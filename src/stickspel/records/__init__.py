"""Game records in the ``stickspel/1`` format: reading, writing and replaying."""

from stickspel.records.replay import (
    FORMAT,
    RecordError,
    Replay,
    dump_record,
    load_record,
    parse_record_text,
    play_out,
    replay,
    rules_from_record,
    write_record,
)

__all__ = [
    "FORMAT",
    "RecordError",
    "Replay",
    "dump_record",
    "load_record",
    "parse_record_text",
    "play_out",
    "replay",
    "rules_from_record",
    "write_record",
]

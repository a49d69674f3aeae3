"""Game records in the ``stickspel/1`` format: reading, writing and replaying."""

from stickspel.records.errors import RecordError
from stickspel.records.io import dump_record, load_record, parse_record_text, write_record
from stickspel.records.replayer import FORMAT, Replay, replay, rules_from_record

__all__ = [
    "FORMAT",
    "RecordError",
    "Replay",
    "dump_record",
    "load_record",
    "parse_record_text",
    "replay",
    "rules_from_record",
    "write_record",
]

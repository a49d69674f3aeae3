"""Each game's records as engine events, both ways: one module per game
(``stickspel.records.codecs.<game>``, its ``CODEC``), read by the replayer."""

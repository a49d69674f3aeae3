"""Bridges to other game frameworks (each behind an optional extra)."""

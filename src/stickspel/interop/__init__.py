"""Bridges to other research tools (OpenSpiel); each needs its optional extra."""

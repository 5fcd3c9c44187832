"""Shared pytest configuration for the Pinochle Tutor test suite."""

"""Test doubles for the outside world: a fake Telegram Bot API server on
127.0.0.1 and factories for the updates it delivers."""

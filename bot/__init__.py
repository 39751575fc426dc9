"""Arbitre's front ends and conversation: CLI, console chat, Telegram, voice."""

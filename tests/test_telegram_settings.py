"""Configuration from the environment; the token never reaches a log line."""

from __future__ import annotations

import logging

import pytest

from bot.telegram.settings import DEFAULT_API, Settings, SettingsError, TokenFilter

TOKEN = "987654:SECRET-token"


def test_settings_from_the_environment() -> None:
    settings = Settings.from_env({
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081/bot",
        "ARBITRE_WEBHOOK_URL": "https://example.invalid/hook",
        "ARBITRE_WEBHOOK_PORT": "8080",
    })
    assert settings.base_url == "http://127.0.0.1:8081/bot"
    assert settings.webhook_port == 8080
    assert TOKEN not in repr(settings)
    assert Settings.from_env({"TELEGRAM_BOT_TOKEN": TOKEN}).base_url == DEFAULT_API


@pytest.mark.parametrize("env", [{}, {"TELEGRAM_BOT_TOKEN": TOKEN, "ARBITRE_WEBHOOK_PORT": "x"}])
def test_unusable_settings_say_which_variable(env: dict[str, str]) -> None:
    with pytest.raises(SettingsError, match="TELEGRAM_BOT_TOKEN|ARBITRE_WEBHOOK_PORT"):
        Settings.from_env(env)


def test_the_token_is_scrubbed_from_log_records() -> None:
    record = logging.LogRecord("httpx", logging.INFO, __file__, 1,
                               "HTTP Request: POST %s", (f"https://x/bot{TOKEN}/getMe",), None)
    assert TokenFilter(TOKEN).filter(record)
    assert TOKEN not in record.getMessage()
    assert "<token>" in record.getMessage()

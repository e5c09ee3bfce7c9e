"""The API's routers, one per domain of ventila: each mounted on ``ventila.api.api.api``."""

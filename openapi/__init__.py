"""The REST contract as package data: `openapi.yaml` ships in the wheel, read with importlib.resources
(service/entrypoints/rest/contract.py), so an installed Intrigue serves REST without a checkout."""

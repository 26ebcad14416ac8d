"""One family of domain errors; each maps in one place to GraphQL and REST (service/entrypoints/shared/errors.py)."""

from __future__ import annotations


class DomainError(Exception):
    """Base of every error a command can be refused with. A refused command writes nothing."""

    code = "DOMAIN_ERROR"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidInputError(DomainError):
    """The request is malformed: an empty name, a bad dice expression, a value out of range."""

    code = "INVALID_INPUT"


class RuleViolationError(DomainError):
    """The rules forbid the order; `rule` names the rule (seed and section)."""

    code = "RULE_VIOLATION"

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule


class NotFoundError(DomainError):
    """An id that names nothing in this campaign."""

    code = "NOT_FOUND"


class ConflictError(DomainError):
    """A stale write or a racing command: the caller should reload and try again."""

    code = "CONFLICT"


class ForbiddenError(DomainError):
    """The seat asking may not do or see this."""

    code = "FORBIDDEN"

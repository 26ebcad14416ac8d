"""The application services: one module per family of use cases; they load, decide with domain/, save."""

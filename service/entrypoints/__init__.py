"""The ways in: the HTTP app, GraphQL, REST, the CLI; thin adapters over the application services."""

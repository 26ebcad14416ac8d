"""What REST and GraphQL share below both: error mapping, input shapes, seat checks."""

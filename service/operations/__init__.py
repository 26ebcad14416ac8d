"""What operators run and watch beside the API: the projection worker, metrics, logs."""

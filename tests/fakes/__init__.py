"""Local HTTP servers speaking outside services' real protocols, for tests, benchmarks and the demo."""

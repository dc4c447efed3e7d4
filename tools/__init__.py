"""Developer tools: run from a checkout with the dev dependencies, never part of the installed product."""

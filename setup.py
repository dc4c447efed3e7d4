"""The lot engine's C core (analytics/lots/_c_core.c); everything else is in pyproject.toml.

Building it needs a C compiler (gcc) and the Python headers.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "analytics.lots._c_core",
            sources=["analytics/lots/_c_core.c"],
            extra_compile_args=["-O2", "-std=c11", "-Wall", "-Wno-unused-parameter"],
        )
    ]
)

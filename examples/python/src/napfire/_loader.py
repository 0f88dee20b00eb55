# SPDX-License-Identifier: MIT
"""Finding libnapfire for the ctypes binding.

Places tried in order, the first that loads wins:

1. the package's own copy, installed inside the package directory by
   ``pip install`` (the ``python_library=bundled`` build of pyproject.toml);
2. the path in the ``NAPFIRE_LIBRARY`` environment variable (if set, it
   must load);
3. the library that ``meson install -Dpython=enabled`` installed with the
   package (its libdir, recorded in ``_install.py`` at build time);
4. the system's: ``ctypes.util.find_library('napfire')``, then the file
   name of ABI 1 on this platform, found by the dynamic loader's own search.

When nothing loads, the error lists every place tried and why it failed.
"""

import ctypes
import ctypes.util
import os
import sys
from typing import List, Optional, Tuple

#: The major version the binding is written for: the SONAME's number.
ABI_MAJOR = 1


def library_names(platform: Optional[str] = None) -> Tuple[str, ...]:
    """File names of ABI 1 of libnapfire on ``platform`` (default: this one).

    Linux and the BSDs: the SONAME ``libnapfire.so.1``; macOS: the install
    name ``libnapfire.1.dylib``; Windows: the DLL meson builds with MinGW
    (``libnapfire-1.dll``) or MSVC (``napfire-1.dll``).
    """
    platform = sys.platform if platform is None else platform
    if platform == "darwin":
        return ("libnapfire.%d.dylib" % ABI_MAJOR,)
    if platform in ("win32", "cygwin"):
        return ("libnapfire-%d.dll" % ABI_MAJOR, "napfire-%d.dll" % ABI_MAJOR)
    return ("libnapfire.so.%d" % ABI_MAJOR,)


def _installed_libdir() -> Optional[str]:
    try:
        from . import _install  # type: ignore[attr-defined]  # meson install -Dpython=enabled
    except ImportError:
        return None
    return getattr(_install, "LIBDIR", None)


def load_library() -> Tuple[ctypes.CDLL, str]:
    """Load libnapfire; return the library and the path or name it came from.

    Raises ImportError naming every place tried (see the module docstring).
    """
    here = os.path.dirname(os.path.abspath(__file__))
    tried: List[str] = []

    def attempt(what: str, name: str) -> Optional[ctypes.CDLL]:
        try:
            return ctypes.CDLL(name)
        except OSError as exc:
            tried.append("%s %s: %s" % (what, name, exc))
            return None

    # 1. The package's own copy: only looked for, never searched for.
    for name in library_names():
        path = os.path.join(here, name)
        if os.path.exists(path):
            lib = attempt("package copy", path)
            if lib is not None:
                return lib, path
        else:
            tried.append("package copy %s: no such file" % path)

    # 2. NAPFIRE_LIBRARY: an explicit choice, so a failure is final.
    explicit = os.environ.get("NAPFIRE_LIBRARY")
    if explicit:
        lib = attempt("NAPFIRE_LIBRARY", explicit)
        if lib is not None:
            return lib, explicit
        raise ImportError("libnapfire: NAPFIRE_LIBRARY=%r cannot be loaded; tried: %s"
                          % (explicit, "; ".join(tried)))
    tried.append("NAPFIRE_LIBRARY: not set")

    # 3. The libdir of the meson install that installed this package.
    libdir = _installed_libdir()
    if libdir:
        for name in library_names():
            path = os.path.join(libdir, name)
            lib = attempt("installed with the package", path)
            if lib is not None:
                return lib, path

    # 4. The system's library, through the dynamic loader's search.
    candidates = []
    found = ctypes.util.find_library("napfire")
    if found:
        candidates.append(found)
    else:
        tried.append("ctypes.util.find_library('napfire'): not found")
    candidates += [n for n in library_names() if n not in candidates]
    for name in candidates:
        lib = attempt("system library", name)
        if lib is not None:
            return lib, name
    raise ImportError("libnapfire not found (install it, or set NAPFIRE_LIBRARY to its "
                      "path); tried, in order: " + "; ".join(tried))

"""The console's hashed scripts and styles (`/assets`): kept a year by browsers, sent precompressed.

Vite names each asset by a hash of its content, so a name never changes meaning: `immutable`. The build writes a
brotli (`.br`) and a gzip (`.gz`) copy beside each (web/scripts/compress.mjs); the answer is the smallest copy the
request's Accept-Encoding accepts, with `Vary: Accept-Encoding` so a shared cache keeps one per coding.
"""

from __future__ import annotations

import os
from mimetypes import guess_type

from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, PathLike, StaticFiles
from starlette.types import Scope

IMMUTABLE = "public, max-age=31536000, immutable"
CODINGS = (("br", ".br"), ("gzip", ".gz"))  # the smaller first


def accepted_codings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header accepts (RFC 9110, 12.5.3): `;q=0` refuses one, `*` any other."""
    weights: dict[str, float] = {}
    for item in header.lower().split(","):
        coding, _, parameters = item.strip().partition(";")
        name, _, value = parameters.strip().partition("=")
        try:
            weight = float(value) if name.strip() == "q" else 1.0
        except ValueError:
            weight = 0.0  # a weight that is no number accepts nothing
        if coding.strip():
            weights[coding.strip()] = weight
    wildcard = weights.get("*", 0.0) > 0
    return {coding for coding, _ in CODINGS if weights.get(coding, 1.0 if wildcard else 0.0) > 0}


class HashedAssets(StaticFiles):
    """StaticFiles answering each asset from its precompressed copy when the client accepts it, cached for a year."""

    def file_response(
        self, full_path: PathLike, stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        request = Headers(scope=scope)
        media_type = guess_type(str(full_path))[0] or "application/octet-stream"  # the asset's, not its copy's
        headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
        accepted = accepted_codings(request.get("accept-encoding", ""))
        for coding, suffix in CODINGS:
            copy = f"{full_path}{suffix}"
            if coding in accepted and os.path.isfile(copy):
                full_path, stat_result = copy, os.stat(copy)
                headers["Content-Encoding"] = coding
                break
        response = FileResponse(full_path, status_code, headers, media_type, stat_result=stat_result)
        if self.is_not_modified(response.headers, request):
            return NotModifiedResponse(response.headers)
        return response

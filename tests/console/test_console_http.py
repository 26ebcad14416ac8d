"""The built console as HTTP serves it (issue 25, item 6): hashed assets precompressed (brotli, gzip) and kept a year,
the page never cached, and the security headers on both."""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
from pathlib import Path

import httpx

from tests.console.browser import ROOT
from tests.console.server import ConsoleServer

ASSETS = ROOT / "service" / "entrypoints" / "console" / "static" / "assets"
IMMUTABLE = "public, max-age=31536000, immutable"


def raw(server: ConsoleServer, path: str, accept: str | None) -> httpx.Response:
    """The answer's bytes as sent, not decoded."""
    headers = {"Accept-Encoding": accept if accept is not None else "identity"}
    with httpx.stream("GET", server.origin + path, headers=headers, timeout=30) as answer:
        answer._content = b"".join(answer.iter_raw())
    return answer


def brotli_decoded(body: bytes) -> bytes:
    """Decoded by Node's zlib (the build's own toolchain; Python's standard library has no brotli)."""
    node = shutil.which("node") or str(ROOT / ".venv" / "bin" / "node")
    script = "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"
    return subprocess.run([node, "-e", script], input=body, capture_output=True, check=True, timeout=60).stdout


def entry_script(server: ConsoleServer) -> tuple[str, bytes]:
    page = httpx.get(server.origin + "/", timeout=30).text
    found = re.search(r'src="(/assets/index-[^"]+\.js)"', page)
    assert found, page
    return found.group(1), (ASSETS / Path(found.group(1)).name).read_bytes()


def test_the_main_script_is_sent_brotli_or_gzip_compressed_as_the_client_accepts(server: ConsoleServer) -> None:
    path, original = entry_script(server)
    assert len(original) > 300_000  # the main script, which compression is for
    br = raw(server, path, "gzip, deflate, br")
    assert br.headers["content-encoding"] == "br" and brotli_decoded(br.content) == original
    assert len(br.content) < len(original) / 3
    gz = raw(server, path, "gzip, deflate")
    assert gz.headers["content-encoding"] == "gzip" and gzip.decompress(gz.content) == original
    refused = raw(server, path, "gzip;q=0, br;q=0")
    plain = raw(server, path, None)
    for answer in (refused, plain):
        assert "content-encoding" not in answer.headers and answer.content == original
    for answer in (br, gz, refused, plain):
        assert answer.headers["content-type"].startswith("text/javascript")
        assert answer.headers["vary"] == "Accept-Encoding"
        assert answer.headers["cache-control"] == IMMUTABLE
        assert answer.headers["x-content-type-options"] == "nosniff"


def test_every_hashed_asset_has_its_compressed_copies_and_the_page_is_never_cached(server: ConsoleServer) -> None:
    scripts_and_styles = [p for p in ASSETS.iterdir() if p.suffix in (".js", ".css")]
    assert scripts_and_styles
    for asset in scripts_and_styles:
        assert (ASSETS / f"{asset.name}.br").is_file() and (ASSETS / f"{asset.name}.gz").is_file(), asset.name
        answer = raw(server, f"/assets/{asset.name}", "gzip")
        assert answer.headers["content-encoding"] == "gzip" and gzip.decompress(answer.content) == asset.read_bytes()
    for path in ("/", "/campaigns/any/map"):
        page = httpx.get(server.origin + path, timeout=30)
        assert page.headers["cache-control"] == "no-cache"
        assert "script-src 'self'" in page.headers["content-security-policy"]
    assert httpx.get(server.origin + "/assets/nothing.js", timeout=30).status_code == 404

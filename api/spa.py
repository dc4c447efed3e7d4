"""The built single-page app (settings.frontend_dist): its files as they are, a public page's prerendered
<path>/index.html (scripts/prerender.mjs) to signed-out visitors, who are sent from / to /home (spec 001
§2) by the server itself, and index.html for every other GET outside the API, so client-side routes load
on refresh. A build prerenders /price/{slug} for every coin it priced, so any other coin answers 404
(the app still shows "Coin not found"). Without a build, a 503 page says how to make one."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException, Request, status
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

API_PREFIXES = ("auth/", "graphql/", "healthz/")
PUBLIC_HOME = "/home"
COIN_PAGES = "price"  # /price/{slug}, one prerendered page per coin
IMMUTABLE = "public, max-age=31536000, immutable"  # Vite's content-hashed files under assets/
# the readable sign-in flag the browser keeps (frontend/src/lib/session.ts); it only picks which HTML to send
SIGNED_IN_COOKIE = "is_auth"
NOT_BUILT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cairn: frontend not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The frontend has not been built</h1>
<p>The API is running, but there is no web app to serve: <code>{index}</code> does not exist.</p>
<p>Build it with <code>npm ci &amp;&amp; npm run build</code> in <code>frontend/</code>, or point
<code>CAIRN_FRONTEND_DIST</code> at a build, then reload this page.</p>
</body></html>
"""


def spa_router(dist: Path) -> APIRouter:
    router = APIRouter(include_in_schema=False)
    root = dist.resolve()

    @router.get("/{path:path}")
    async def spa(path: str, request: Request) -> Response:
        if f"{path}/".startswith(API_PREFIXES):
            raise HTTPException(status.HTTP_404_NOT_FOUND)
        index = root / "index.html"
        if not index.is_file():
            return HTMLResponse(
                NOT_BUILT.format(index=index), status_code=status.HTTP_503_SERVICE_UNAVAILABLE
            )
        file = (root / path).resolve()
        if path and file.is_file() and file.is_relative_to(root):
            headers = {"Cache-Control": IMMUTABLE} if path.startswith("assets/") else None
            return FileResponse(file, headers=headers)
        page = (root / path / "index.html").resolve()
        # a signed-in visitor gets the app itself: /home is then the dashboard, not the public home
        signed_in = request.cookies.get(SIGNED_IN_COOKIE) == "true"
        if not path and not signed_in:
            query = request.url.query
            return RedirectResponse(f"{PUBLIC_HOME}?{query}" if query else PUBLIC_HOME)
        if path and not signed_in and page.is_file() and page.is_relative_to(root):
            index = page
        found = not is_unknown_coin(root, path)
        return FileResponse(
            index,
            status_code=status.HTTP_200_OK if found else status.HTTP_404_NOT_FOUND,
            headers={"Cache-Control": "no-cache"},
        )

    return router


def is_unknown_coin(root: Path, path: str) -> bool:
    """/price/{slug} of a coin the build has no page for; a build without coin pages (no price data at
    build time) knows no coin, so it calls none unknown."""
    parts = path.strip("/").split("/")
    if len(parts) != 2 or parts[0] != COIN_PAGES or not (root / COIN_PAGES).is_dir():
        return False
    page = (root / COIN_PAGES / parts[1] / "index.html").resolve()
    return not (page.is_file() and page.is_relative_to(root))

/**
 * A tiny static file server on 127.0.0.1 for test fixture pages.
 *
 * ```ts
 * import type { CdpPage } from "./cdp.ts";
 *
 * async function openForm(page: CdpPage) {
 *   await using server = await serveFixtures();
 *   await page.navigate(server.url("form.html")); // http://127.0.0.1:<port>/form.html
 * }
 * ```
 *
 * The same pages are reachable as `http://localhost:<port>/…`, a different
 * origin, which tests use for out-of-scope URLs ({@linkcode FixtureServer.otherOriginUrl}).
 * `/redirect?to=<url>` answers `302 Found` to `<url>`, for a same-origin link
 * that leaves the origin on the server's word ({@linkcode FixtureServer.redirectUrl}).
 * `/delay/<ms>/<path>` answers with the fixture at `<path>` after `<ms>`
 * milliseconds (at most 10,000), for pages whose content arrives late.
 *
 * @module
 */
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The fixture pages directory. */
export const fixturesDir: string = fileURLToPath(new URL("../fixtures/", import.meta.url));

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

/** A running fixture server. */
export interface FixtureServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** The port. */
  readonly port: number;
  /** The URL of a fixture path on {@linkcode origin}. */
  url(path: string): string;
  /** The same fixture on `http://localhost:<port>`: another origin, same server. */
  otherOriginUrl(path: string): string;
  /** A URL on {@linkcode origin} that the server answers with a 302 redirect to `to`. */
  redirectUrl(to: string): string;
  /** Stop serving and wait for the listener to close. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Serve `root` (default {@linkcode fixturesDir}) read-only on 127.0.0.1 at a free port. */
export function serveFixtures(root: string = fixturesDir): Promise<FixtureServer> {
  const listening = Promise.withResolvers<number>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: ({ port }) => listening.resolve(port) },
    (request) => respond(root, request),
  );
  return listening.promise.then((port) => {
    const close = async () => {
      await server.shutdown();
    };
    return {
      origin: `http://127.0.0.1:${port}`,
      port,
      url: (path: string) => new URL(path, `http://127.0.0.1:${port}/`).href,
      otherOriginUrl: (path: string) => new URL(path, `http://localhost:${port}/`).href,
      redirectUrl: (to: string) => {
        const url = new URL("/redirect", `http://127.0.0.1:${port}/`);
        url.searchParams.set("to", to);
        return url.href;
      },
      close,
      [Symbol.asyncDispose]: close,
    };
  });
}

async function respond(root: string, request: Request): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("method not allowed", { status: 405 });
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return new Response("bad path", { status: 400 });
  }
  if (pathname === "/redirect") return redirect(new URL(request.url).searchParams.get("to"));
  const delayed = /^\/delay\/(\d{1,5})(\/.*)$/.exec(pathname);
  if (delayed !== null) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(Number(delayed[1]), 10_000)));
    pathname = delayed[2];
  }
  const relative = pathname === "/" ? "index.html" : pathname.slice(1);
  const file = normalize(join(root, relative));
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) {
    return new Response("not found", { status: 404 });
  }
  try {
    const body = await Deno.readFile(file);
    const type = contentTypes[extname(file)] ?? "application/octet-stream";
    return new Response(request.method === "HEAD" ? null : body, {
      headers: { "content-type": type, "cache-control": "no-store" },
    });
  } catch {
    return new Response("not found", { status: 404 });
  }
}

/** `302 Found` to `to`, an absolute HTTP(S) URL; anything else is a bad request. */
function redirect(to: string | null): Response {
  if (to === null || !URL.canParse(to) || !/^https?:$/.test(new URL(to).protocol)) {
    return new Response("bad redirect target", { status: 400 });
  }
  return new Response(null, {
    status: 302,
    headers: { location: new URL(to).href, "cache-control": "no-store" },
  });
}

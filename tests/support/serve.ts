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
 * With {@linkcode ServeOptions.packages}, `/npm/<package>/<file>` serves the
 * stylesheets and scripts of those installed npm packages from the
 * workspace's `node_modules`, so a page can load an unmodified library with
 * a plain `<script src>` ({@linkcode FixtureServer.packageUrl}).
 * With {@linkcode ServeOptions.bundles}, `/bundle/<file>` serves the files of
 * that folder, for pages whose scripts are built when the server starts.
 * A fixture file asked for with `?delay=<ms>` (at most 5,000) is answered that
 * much later, for pages whose requests take a moment, as a remote server's do.
 * `/report?<params>` answers `204` and keeps the params, so a page can tell
 * the test what it did without the agent's tools in between
 * ({@linkcode FixtureServer.reports}).
 * `/api/echo?status=<code>&kind=<kind>` answers any method as an app's API
 * would, for pages whose requests a test reads back: `kind` `json` (an
 * error object naming the request's method and path), `text`, `large`
 * (200 KiB of numbered lines), `binary` (a small PNG-typed body); with
 * `cookie=1` it sets a session cookie, with `cors=1` it allows any origin.
 *
 * @module
 */
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The workspace's installed npm packages (`deno install`, or any `deno` run, fills it). */
const nodeModulesDir: string = fileURLToPath(new URL("../../node_modules/", import.meta.url));

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

/** What `/npm/` serves of a package: code and styles a page loads, nothing else. */
const packageFileTypes = new Set([".js", ".mjs", ".css", ".svg"]);

/** How to serve. */
export interface ServeOptions {
  /** Installed npm packages (`flatpickr`, `@scope/name`) whose files `/npm/` serves; none by default. */
  packages?: readonly string[];
  /** A folder of built scripts that `/bundle/` serves; none by default. */
  bundles?: string;
}

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
  /** The URL of `file` (`dist/x.js`) of the served npm package `name`, on {@linkcode origin}. */
  packageUrl(name: string, file: string): string;
  /** The params of every `/report` request so far, oldest first. */
  reports(): URLSearchParams[];
  /** The path and query of every request the server received so far, oldest first. */
  requests(): string[];
  /** A URL on {@linkcode origin} that the server answers with a 302 redirect to `to`. */
  redirectUrl(to: string): string;
  /** Stop serving and wait for the listener to close. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Serve `root` (default {@linkcode fixturesDir}) read-only on 127.0.0.1 at a free port. */
export function serveFixtures(
  root: string = fixturesDir,
  options: ServeOptions = {},
): Promise<FixtureServer> {
  const served: Served = {
    root,
    packages: new Set(options.packages ?? []),
    bundles: options.bundles,
  };
  const reports: URLSearchParams[] = [];
  const requests: string[] = [];
  const listening = Promise.withResolvers<number>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: ({ port }) => listening.resolve(port) },
    (request) => {
      const url = new URL(request.url);
      requests.push(url.pathname + url.search);
      if (url.pathname === "/api/echo") return apiEcho(request);
      if (url.pathname !== "/report") return respond(request, served);
      reports.push(url.searchParams);
      return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
    },
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
      packageUrl: (name: string, file: string) =>
        new URL(`/npm/${name}/${file}`, `http://127.0.0.1:${port}/`).href,
      reports: () => [...reports],
      requests: () => [...requests],
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

/** What one server serves. */
interface Served {
  root: string;
  packages: ReadonlySet<string>;
  bundles: string | undefined;
}

async function respond(request: Request, served: Served): Promise<Response> {
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
  if (pathname.startsWith("/npm/")) return await packageFile(served.packages, request, pathname);
  if (served.bundles !== undefined && pathname.startsWith("/bundle/")) {
    return await folderFile(served.bundles, pathname.slice("/bundle/".length), request);
  }
  const relative = pathname === "/" ? "index.html" : pathname.slice(1);
  return await folderFile(served.root, relative, request);
}

/** `relative` inside `folder`; a path that climbs out is not found. */
async function folderFile(folder: string, relative: string, request: Request): Promise<Response> {
  const file = normalize(join(folder, relative));
  if (!file.startsWith(folder.endsWith(sep) ? folder : folder + sep)) {
    return new Response("not found", { status: 404 });
  }
  return await fileResponse(file, request);
}

/**
 * `/npm/<package>/<file>`: a script, module, stylesheet or icon inside one of
 * `packages`' own folders; any other package, kind of file or a path that
 * climbs out is not found.
 */
async function packageFile(
  packages: ReadonlySet<string>,
  request: Request,
  pathname: string,
): Promise<Response> {
  const rest = pathname.slice("/npm/".length);
  const name = [...packages].find((known) => rest.startsWith(`${known}/`));
  if (name === undefined || !packageFileTypes.has(extname(rest))) {
    return new Response("not found", { status: 404 });
  }
  const packageRoot = join(nodeModulesDir, name) + sep;
  const file = normalize(join(nodeModulesDir, rest));
  if (!file.startsWith(packageRoot)) return new Response("not found", { status: 404 });
  return await fileResponse(file, request);
}

/** The longest `?delay=` the server honours, milliseconds. */
const maxDelayMs = 5_000;

async function fileResponse(file: string, request: Request): Promise<Response> {
  const delay = Number(new URL(request.url).searchParams.get("delay") ?? 0);
  if (Number.isFinite(delay) && delay > 0) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, maxDelayMs)));
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

/** The session cookie `/api/echo?cookie=1` sets: a test checks it never reaches an agent. */
export const echoCookie = "session=echo-cookie-s3cr3t-value";

/** `/api/echo`: an app's API answer of the asked status and kind (see the module notes). */
async function apiEcho(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const status = Number(params.get("status") ?? 200);
  const headers = new Headers({ "cache-control": "no-store" });
  if (params.get("cookie") === "1") headers.set("set-cookie", `${echoCookie}; Path=/; HttpOnly`);
  if (params.get("cors") === "1") headers.set("access-control-allow-origin", "*");
  await request.body?.cancel();
  let body: BodyInit;
  switch (params.get("kind") ?? "json") {
    case "text":
      headers.set("content-type", "text/plain; charset=utf-8");
      body = `plain answer ${status}`;
      break;
    case "large": {
      headers.set("content-type", "text/plain; charset=utf-8");
      const lines: string[] = [];
      for (let i = 1; lines.join("\n").length < 200 * 1024; i++) {
        lines.push(`row ${i} of the report`);
      }
      body = lines.join("\n");
      break;
    }
    case "binary": {
      headers.set("content-type", "image/png");
      const bytes = new Uint8Array(3_000);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      body = bytes;
      break;
    }
    default:
      headers.set("content-type", "application/json");
      body = JSON.stringify(
        status >= 400
          ? { error: status >= 500 ? "database is down" : "no such order", status }
          : { ok: true, orders: [{ id: 42, name: "Pens" }], accessToken: "json-token-s3cr3t" },
      );
  }
  return new Response(body, { status: Number.isInteger(status) ? status : 200, headers });
}

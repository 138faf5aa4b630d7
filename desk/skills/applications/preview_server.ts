/**
 * The previews `preview_web` starts: each serves one workspace folder over
 * HTTP on 127.0.0.1, on a port the system picks, under a random path token.
 * Every file is looked up through the host's path rule as the policy is at
 * that moment (so a sensitive file, a link out of the workspace or a
 * disabled skill is refused at once) and must stay inside the previewed
 * folder. Bounded: at most {@linkcode PREVIEW_LIMITS}.maxPreviews at once
 * (a new one stops the least recently used), each stops after
 * `idleMs` without a request, and all stop when the host does.
 *
 * @module
 */
import { constants } from "node:fs";
import { open, readdir, realpath, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { isAbsolute, join, relative, sep } from "node:path";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import type { ResolveInside } from "../skill.ts";
import { contentTypeOf } from "./content_types.ts";
import { isPreviewHost, previewRoute } from "./preview_route.ts";

/** How many previews run and for how long. */
export interface PreviewLimits {
  /** Previews running at once; one more stops the least recently used. */
  readonly maxPreviews: number;
  /** A preview with no request for this long stops. */
  readonly idleMs: number;
  /** Entries a folder listing shows. */
  readonly listingEntriesMax: number;
}

/** The limits the host runs previews with. */
export const PREVIEW_LIMITS: PreviewLimits = {
  maxPreviews: 4,
  idleMs: 10 * 60 * 1000,
  listingEntriesMax: 500,
};

/** The host's path rule under the policy as it is now; throws when the skill may not run. */
export type LiveResolver = () => Promise<ResolveInside>;

/** Headers on every answer: no caching, no guessing types, no token leaking in a Referer. */
const baseHeaders = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
};

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...baseHeaders, "content-type": "text/plain; charset=utf-8" });
  res.end(`${text}\n`);
}

function isInside(folder: string, target: string): boolean {
  const rel = relative(folder, target);
  return rel === "" || (!isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One running preview. */
class Preview {
  readonly server: Server;
  port = 0;
  lastUsed = performance.now();
  #idle: ReturnType<typeof setTimeout> | undefined;
  #stopped: Promise<void> | undefined;

  constructor(
    readonly folder: string,
    readonly token: string,
    readonly resolver: LiveResolver,
    readonly limits: PreviewLimits,
    readonly onIdle: (preview: Preview) => void,
  ) {
    this.server = createServer((req, res) => {
      serve(this, req, res).catch(() => {
        if (!res.headersSent) answer(res, 500, "Internal error");
        else res.destroy();
      });
    });
    this.server.headersTimeout = 10_000;
    this.server.requestTimeout = 30_000;
    this.server.maxConnections = 64;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/${this.token}/`;
  }

  /** Listens on a port the system picks on 127.0.0.1 only. */
  async listen(): Promise<void> {
    this.port = await new Promise<number>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen({ host: "127.0.0.1", port: 0 }, () => {
        const address = this.server.address();
        if (address === null || typeof address === "string") reject(new Error("no port"));
        else resolve(address.port);
      });
    });
    // The server never keeps the host alive: the host ends when its port closes.
    this.server.unref();
    this.touch();
  }

  touch(): void {
    this.lastUsed = performance.now();
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.onIdle(this), this.limits.idleMs);
    // An idle preview never keeps the host alive.
    Deno.unrefTimer(this.#idle);
  }

  stop(): Promise<void> {
    clearTimeout(this.#idle);
    this.#stopped ??= new Promise((done) => {
      this.server.close(() => done());
      this.server.closeAllConnections();
    });
    return this.#stopped;
  }
}

/** A file or folder the rule admitted: its real path inside the previewed folder. */
async function admitted(
  preview: Preview,
  resolveInside: ResolveInside,
  segments: readonly string[],
): Promise<string> {
  const absolute = await resolveInside(join(preview.folder, ...segments), { write: false });
  if (!isInside(preview.folder, absolute)) throw new DeskFailure("WORKSPACE_VIOLATION");
  return absolute;
}

async function serveFile(res: ServerResponse, absolute: string, head: boolean): Promise<void> {
  // The rule judged the real path; a link put there since is not followed.
  const handle = await open(absolute, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch(
    () => undefined,
  );
  if (handle === undefined) return answer(res, 404, "Not found");
  let streaming = false;
  try {
    const info = await handle.stat();
    // A FIFO or device, or a hard link whose other name may lie outside, is never served.
    if (!info.isFile() || info.nlink > 1 || await realpath(absolute) !== absolute) {
      return answer(res, 403, "Forbidden");
    }
    res.writeHead(200, {
      ...baseHeaders,
      "content-type": contentTypeOf(absolute),
      "content-length": String(info.size),
    });
    if (head) return void res.end();
    streaming = true;
    const stream = handle.createReadStream();
    res.once("close", () => stream.destroy());
    stream.pipe(res);
  } finally {
    if (!streaming) await handle.close();
  }
}

async function serveListing(
  res: ServerResponse,
  preview: Preview,
  resolveInside: ResolveInside,
  segments: readonly string[],
  head: boolean,
): Promise<void> {
  const folder = join(preview.folder, ...segments);
  const entries = (await readdir(folder, { withFileTypes: true }))
    .sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const shown: string[] = [];
  for (const entry of entries) {
    if (shown.length >= preview.limits.listingEntriesMax) break;
    // Only what the rule would serve is listed: no sensitive name, no link out.
    const ok = await admitted(preview, resolveInside, [...segments, entry.name]).then(
      () => true,
      () => false,
    );
    if (!ok) continue;
    const name = entry.isDirectory() ? `${entry.name}/` : entry.name;
    shown.push(
      `<li><a href="${encodeURIComponent(entry.name)}${entry.isDirectory() ? "/" : ""}">${
        escapeHtml(name)
      }</a></li>`,
    );
  }
  const title = escapeHtml(`/${segments.join("/")}`);
  res.writeHead(200, { ...baseHeaders, "content-type": "text/html; charset=utf-8" });
  if (head) return void res.end();
  res.end(
    `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><ul>${
      shown.join("")
    }</ul>\n`,
  );
}

async function serve(preview: Preview, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!isPreviewHost(req.headers.host, preview.port)) {
    return answer(res, 403, "Forbidden: this preview answers only on its loopback address");
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("allow", "GET, HEAD");
    return answer(res, 405, "Method not allowed");
  }
  const route = previewRoute(req.url ?? "", preview.token);
  if (route.kind === "not-found") return answer(res, 404, "Not found");
  if (route.kind === "bad-request") return answer(res, 400, "Bad request");
  if (route.kind === "refused") return answer(res, 403, "Forbidden");
  preview.touch();
  if (route.kind === "redirect") {
    res.writeHead(301, { ...baseHeaders, location: route.location });
    return void res.end();
  }
  const head = req.method === "HEAD";
  let resolveInside: ResolveInside;
  let absolute: string;
  try {
    resolveInside = await preview.resolver();
    absolute = await admitted(preview, resolveInside, route.segments);
  } catch (error) {
    if (error instanceof DeskFailure && error.code === "FILE_NOT_FOUND") {
      return answer(res, 404, "Not found");
    }
    if (error instanceof DeskFailure) return answer(res, 403, "Forbidden");
    throw error;
  }
  const info = await stat(absolute).catch(() => undefined);
  if (info === undefined) return answer(res, 404, "Not found");
  if (!info.isDirectory()) {
    if (route.folder) return answer(res, 404, "Not found");
    return await serveFile(res, absolute, head);
  }
  if (!route.folder) {
    const last = route.segments.at(-1);
    res.writeHead(301, {
      ...baseHeaders,
      location: last === undefined ? `/${preview.token}/` : `${encodeURIComponent(last)}/`,
    });
    return void res.end();
  }
  const index = await admitted(preview, resolveInside, [...route.segments, "index.html"]).catch(
    () => undefined,
  );
  if (index !== undefined && (await stat(index).catch(() => undefined))?.isFile()) {
    return await serveFile(res, index, head);
  }
  await serveListing(res, preview, resolveInside, route.segments, head);
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Where a started preview answers. */
export interface PreviewStarted {
  readonly url: string;
  /** Whether the folder was already being previewed (its URL is the same). */
  readonly reused: boolean;
}

/** The host's running previews, one per folder. */
export class PreviewServers {
  readonly #limits: PreviewLimits;
  readonly #previews = new Map<string, Preview>();

  constructor(limits: PreviewLimits = PREVIEW_LIMITS) {
    this.#limits = limits;
  }

  /** How many previews run now. */
  get size(): number {
    return this.#previews.size;
  }

  /**
   * Serves `folder` (a real path the rule admitted) and answers its URL;
   * a folder already served keeps its preview.
   */
  async start(folder: string, resolver: LiveResolver): Promise<PreviewStarted> {
    const running = this.#previews.get(folder);
    if (running !== undefined) {
      running.touch();
      return { url: running.url, reused: true };
    }
    while (this.#previews.size >= this.#limits.maxPreviews) {
      const oldest = [...this.#previews.values()].reduce((a, b) =>
        a.lastUsed <= b.lastUsed ? a : b
      );
      await this.#stop(oldest);
    }
    const preview = new Preview(folder, randomToken(), resolver, this.#limits, (idle) => {
      void this.#stop(idle);
    });
    try {
      await preview.listen();
    } catch {
      await preview.stop();
      throw new DeskFailure("EXECUTION_FAILED", { reason: "preview-listen" });
    }
    this.#previews.set(folder, preview);
    return { url: preview.url, reused: false };
  }

  async #stop(preview: Preview): Promise<void> {
    if (this.#previews.get(preview.folder) === preview) this.#previews.delete(preview.folder);
    await preview.stop();
  }

  /** Stops every preview. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.#previews.values()].map((preview) => this.#stop(preview)));
  }
}

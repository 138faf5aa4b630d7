/**
 * `download_asset`: one http(s) file into the workspace. The URL may carry
 * no credentials; every hop's host is resolved and classified and the
 * request dials exactly the checked address; redirects are followed by
 * hand, each hop checked again; one deadline covers every hop and the body;
 * the byte limit holds while the body streams; the declared type and the
 * sniffed bytes must both name one accepted kind; the file gets a safe name
 * with its kind's extension and appears whole or not at all.
 *
 * @module
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { concatBytes } from "../bytes.ts";
import { publishFile } from "../publish.ts";
import type { ResolveInside, SkillAction } from "../skill.ts";
import { declaredKinds, mediaType, SNIFF_BYTES, sniffKind } from "./content_type.ts";
import { destination } from "../destination.ts";
import { fileNameFromUrl } from "../file_name.ts";
import { webUrl } from "../web_url.ts";
import { checkedAddress, type NetworkPolicy, requestOnce } from "./pinned_request.ts";

/** The download limits the person may tighten; the caller only within them. */
export interface DownloadLimits {
  readonly maxBytes: number;
  /** One deadline for every hop, the headers and the whole body. */
  readonly timeoutMs: number;
  readonly maxRedirects: number;
}

/** The limits when the host sets none. */
export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = {
  maxBytes: 50 * 1024 * 1024,
  timeoutMs: 60_000,
  maxRedirects: 5,
};

/** What `download_asset` needs from the host. */
export interface DownloadContext {
  readonly resolveInside: ResolveInside;
  readonly network?: NetworkPolicy;
  readonly limits?: DownloadLimits;
}

/** `download_asset`'s arguments. */
export const DownloadAssetArgsSchema = z.strictObject({
  url: z.string().min(1).max(8192),
  /** A workspace folder (the root when absent) or a file path; its name is made safe. */
  dest: z.string().min(1).max(4096).optional(),
  maxBytes: z.number().int().positive().optional(),
});

/** `download_asset`'s arguments, validated. */
export type DownloadAssetArgs = z.infer<typeof DownloadAssetArgsSchema>;

/** What was saved. */
export interface DownloadResult {
  /** Workspace-relative, as the caller named its folder. */
  readonly path: string;
  readonly bytes: number;
  readonly contentType: string;
  readonly sha256: string;
  /** The URL the file came from after redirects. */
  readonly url: string;
  readonly redirects: number;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** `raw` as a URL a download may start from: http(s), no credentials. */
export function downloadUrl(raw: string, base?: URL): URL {
  const url = webUrl(raw, base);
  url.hash = "";
  return url;
}

/** `promise`, or a rejection as soon as `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** Follows redirects by hand until a response that is not one; every hop is checked. */
async function fetchFinal(
  start: URL,
  policy: NetworkPolicy,
  limits: DownloadLimits,
  signal: AbortSignal,
): Promise<{ response: IncomingMessage; url: URL; redirects: number }> {
  let url = start;
  for (let redirects = 0;; redirects++) {
    const address = await abortable(checkedAddress(url, policy), signal);
    const response = await requestOnce(url, address, { policy, signal });
    const location = response.headers.location;
    if (!redirectStatuses.has(response.statusCode ?? 0) || location === undefined) {
      return { response, url, redirects };
    }
    response.destroy();
    if (redirects >= limits.maxRedirects) {
      throw new DeskFailure("INVALID_URL", { reason: "redirects" });
    }
    url = downloadUrl(location, url);
  }
}

/** Reads the body's first bytes, for sniffing, without losing any. */
async function readHead(
  body: AsyncIterator<Uint8Array>,
): Promise<{ head: Uint8Array; done: boolean }> {
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await body.next();
    if (next.done) return { head: concatBytes(parts), done: true };
    parts.push(next.value);
    size += next.value.length;
  }
  return { head: concatBytes(parts), done: false };
}

/** Downloads `args.url` into the workspace. */
export async function downloadAsset(
  args: DownloadAssetArgs,
  context: DownloadContext,
): Promise<DownloadResult> {
  const limits = context.limits ?? DEFAULT_DOWNLOAD_LIMITS;
  const maxBytes = Math.min(args.maxBytes ?? limits.maxBytes, limits.maxBytes);
  const policy = context.network ?? {};
  const start = downloadUrl(args.url);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  let response: IncomingMessage | undefined;
  try {
    const final = await fetchFinal(start, policy, limits, deadline.signal);
    response = final.response;
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) throw new DeskFailure("INVALID_URL", { status });
    const candidates = declaredKinds(mediaType(response.headers["content-type"]));
    if (candidates.length === 0) throw new DeskFailure("INVALID_CONTENT_TYPE");
    const declaredLength = Number(response.headers["content-length"] ?? NaN);
    if (declaredLength > maxBytes) throw new DeskFailure("DOWNLOAD_TOO_LARGE");

    const body: AsyncIterator<Uint8Array> = response[Symbol.asyncIterator]();
    const { head, done } = await readHead(body);
    const kind = sniffKind(head, candidates);
    if (kind === undefined) throw new DeskFailure("INVALID_CONTENT_TYPE");
    if (head.length > maxBytes) throw new DeskFailure("DOWNLOAD_TOO_LARGE");
    const place = await destination(args.dest, fileNameFromUrl(final.url, kind.extension), {
      extension: kind.extension,
      resolveInside: context.resolveInside,
    });
    const next = () =>
      body.next().catch(() => {
        throw new DeskFailure(deadline.signal.aborted ? "DOWNLOAD_TIMEOUT" : "INVALID_URL", {
          reason: "unreachable",
        });
      });
    const hash = createHash("sha256");
    let bytes = 0;
    const written = publishFile(place.absolute, async (file) => {
      for (let chunk = head, last = done;;) {
        bytes += chunk.length;
        if (bytes > maxBytes) throw new DeskFailure("DOWNLOAD_TOO_LARGE");
        hash.update(chunk);
        await file.write(chunk);
        if (last) break;
        const read = await next();
        if (read.done) break;
        [chunk, last] = [read.value, false];
      }
    });
    await written.catch((error) => {
      if (error instanceof DeskFailure) throw error;
      throw new DeskFailure("INTERNAL_ERROR", { reason: "write" });
    });
    return {
      path: place.relative,
      bytes,
      contentType: kind.type,
      sha256: hash.digest("hex"),
      url: final.url.href,
      redirects: final.redirects,
    };
  } catch (error) {
    if (deadline.signal.aborted) throw new DeskFailure("DOWNLOAD_TIMEOUT");
    if (error instanceof DeskFailure) throw error;
    // A refused connection, a reset or a TLS failure.
    throw new DeskFailure("INVALID_URL", { reason: "unreachable" });
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}

/** The `download_asset` action. */
export const downloadAssetAction: SkillAction<
  typeof DownloadAssetArgsSchema,
  DownloadContext,
  DownloadResult
> = { action: "download_asset", schema: DownloadAssetArgsSchema, run: downloadAsset };

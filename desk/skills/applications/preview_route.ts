/**
 * How a preview reads a request before it touches a file: the `Host` header
 * must name the preview's own loopback address (a page on another name that
 * resolves to 127.0.0.1, a DNS rebinding, is refused), the first path
 * segment must be the preview's token (compared in constant time), and the
 * rest must be plain names: no `.` or `..`, no encoded slash, backslash or
 * NUL. Nothing here is normalised; what is not plain is refused.
 *
 * @module
 */
import { timingSafeEqual } from "node:crypto";

/** What a request asks for. */
export type PreviewRoute =
  | { readonly kind: "file"; readonly segments: readonly string[]; readonly folder: boolean }
  | { readonly kind: "redirect"; readonly location: string }
  | { readonly kind: "not-found" }
  | { readonly kind: "bad-request" }
  | { readonly kind: "refused" };

/** Whether `host` (the request's `Host` header) is `127.0.0.1:port` or `localhost:port`. */
export function isPreviewHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const lower = host.toLowerCase();
  return lower === `127.0.0.1:${port}` || lower === `localhost:${port}`;
}

const encoder = new TextEncoder();

function sameToken(given: string, token: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function plainName(segment: string): boolean {
  return segment !== "." && segment !== ".." && !/[/\\\0]/.test(segment);
}

/** What `target` (the request line's raw target) asks of the preview with `token`. */
export function previewRoute(target: string, token: string): PreviewRoute {
  const path = target.split(/[?#]/, 1)[0];
  if (!path.startsWith("/")) return { kind: "bad-request" };
  const [first, ...rest] = path.slice(1).split("/");
  if (!sameToken(first, token)) return { kind: "not-found" };
  if (rest.length === 0) return { kind: "redirect", location: `/${token}/` };
  const segments: string[] = [];
  for (const raw of rest) {
    if (raw === "") continue;
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      return { kind: "bad-request" };
    }
    if (!plainName(name) || !plainName(raw)) return { kind: "refused" };
    segments.push(name);
  }
  return { kind: "file", segments, folder: rest.at(-1) === "" };
}

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { join } from "node:path";
import { deskFailure } from "../testing/failure.ts";
import { type TestWorkspace, testWorkspace } from "../testing/workspace.ts";
import { downloadAsset, DownloadAssetArgsSchema, type DownloadContext } from "./download_asset.ts";
import type { Dial } from "./pinned_request.ts";

const png = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...new TextEncoder().encode("IHDR-fixture-bytes"),
]);

/** A test server on 127.0.0.1 that counts its connections. */
async function assetServer() {
  const open = new Set<net.Socket>();
  let connections = 0;
  const server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    if (path === "/image.png" || path.startsWith("/files/")) {
      response.writeHead(200, { "content-type": "image/png", "content-length": png.length });
      response.end(png);
    } else if (path === "/redirect") {
      response.writeHead(302, { location: "/image.png" });
      response.end();
    } else if (path === "/to-private") {
      response.writeHead(302, { location: "http://10.0.0.7/image.png" });
      response.end();
    } else if (path === "/to-metadata") {
      response.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" });
      response.end();
    } else if (path === "/loop") {
      response.writeHead(302, { location: "/loop" });
      response.end();
    } else if (path === "/endless" || path === "/trickle") {
      response.writeHead(200, { "content-type": "image/png" });
      response.write(png);
      const chunk = new Uint8Array(path === "/endless" ? 64 * 1024 : 1);
      const pump = () => {
        if (response.destroyed) return;
        if (path === "/trickle") setTimeout(() => response.write(chunk, pump), 20);
        else response.write(chunk, pump);
      };
      pump();
    } else if (path === "/stall") {
      // Never answers: the headers stall.
    } else if (path === "/huge") {
      response.writeHead(200, { "content-type": "image/png", "content-length": 10_000_000 });
      response.write(png);
    } else if (path === "/page") {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><p>hi");
    } else if (path === "/svg") {
      response.writeHead(200, { "content-type": "image/svg+xml" });
      response.end('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    } else if (path === "/html-as-png") {
      response.writeHead(200, { "content-type": "image/png" });
      response.end("<!DOCTYPE html><script>steal()</script>");
    } else if (path === "/svg-as-text") {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("<svg onload=alert(1)>");
    } else if (path === "/exe") {
      response.writeHead(200, { "content-type": "application/zip" });
      response.end("MZ\x90\x00 this program cannot be run");
    } else if (path === "/missing") {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("no");
    } else {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("plain text");
    }
  });
  server.on("connection", (socket) => {
    connections++;
    open.add(socket);
    socket.on("close", () => open.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connections: () => connections,
    async [Symbol.asyncDispose]() {
      for (const socket of open) socket.destroy();
      await new Promise((done) => server.close(done));
    },
  };
}

/** A context whose resolver is a table and whose dials are recorded; only 127.0.0.1 is ever dialled. */
function context(ws: TestWorkspace, port: number, overrides: Partial<DownloadContext> = {}) {
  const dials: Dial[] = [];
  const names: Record<string, string[]> = {
    "assets.test": ["127.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    "private.test": ["10.0.0.5", "192.168.1.20"],
    "mixed.test": ["127.0.0.1", "10.0.0.5"],
    "mapped.test": ["::ffff:127.0.0.1"],
  };
  const value: DownloadContext = {
    resolveInside: ws.resolveInside,
    network: {
      resolve: (name) => Promise.resolve(names[name] ?? []),
      connect: (dial) => {
        dials.push(dial);
        // The test never lets a socket leave this machine, whatever the engine asks.
        assert.equal(dial.address, "127.0.0.1");
        return net.connect({ host: dial.address, port: dial.port });
      },
      testServer: { port },
    },
    limits: { maxBytes: 1024 * 1024, timeoutMs: 2000, maxRedirects: 3 },
    ...overrides,
  };
  return { value, dials };
}

/** The workspace's files, temp files included, so a leftover shows. */
async function files(ws: TestWorkspace): Promise<string[]> {
  return (await readdir(ws.root, { recursive: true })).sort();
}

Deno.test("download_asset saves a file under a free, safe name and dials the checked address", async () => {
  await using ws = await testWorkspace();
  await using server = await assetServer();
  const { value, dials } = context(ws, server.port);
  const url = `http://assets.test:${server.port}/image.png`;
  const first = await downloadAsset({ url }, value);
  assert.deepEqual(first, {
    path: "image.png",
    bytes: png.length,
    contentType: "image/png",
    sha256: createHash("sha256").update(png).digest("hex"),
    url,
    redirects: 0,
  });
  assert.deepEqual(new Uint8Array(await readFile(join(ws.root, "image.png"))), png);
  const second = await downloadAsset({ url }, value);
  assert.equal(second.path, "image-1.png");
  assert.deepEqual(dials.map((dial) => dial.address), ["127.0.0.1", "127.0.0.1"]);
  assert.equal(server.connections(), 2);

  // A served name that would make the file open as something else gets the kind's extension.
  await mkdir(join(ws.root, "pics"));
  const named = await downloadAsset(
    { url: `http://assets.test:${server.port}/files/..%2F..%2Fevil.html`, dest: "pics/" },
    value,
  );
  assert.equal(named.path, "pics/evil.png");
  const chosen = await downloadAsset(
    { url: `http://assets.test:${server.port}/image.png`, dest: "pics/logo.svg" },
    value,
  );
  assert.equal(chosen.path, "pics/logo.png");
  const taken = await deskFailure(downloadAsset(
    { url: `http://assets.test:${server.port}/image.png`, dest: "pics/logo.png" },
    value,
  ));
  assert.equal(taken.code, "FILE_ALREADY_EXISTS");
  assert.deepEqual(await files(ws), [
    "image-1.png",
    "image.png",
    "pics",
    "pics/evil.png",
    "pics/logo.png",
  ]);
});

Deno.test("download_asset refuses names that resolve to private or metadata addresses, with zero connections", async () => {
  await using ws = await testWorkspace();
  await using server = await assetServer();
  const { value, dials } = context(ws, server.port);
  for (const host of ["metadata.test", "private.test", "mixed.test", "mapped.test"]) {
    const error = await deskFailure(
      downloadAsset({ url: `http://${host}:${server.port}/image.png` }, value),
    );
    assert.equal(error.code, "PRIVATE_NETWORK_BLOCKED", host);
  }
  // IP literals in other notations are refused the same way, before any dial.
  for (
    const host of [
      "169.254.169.254",
      "0xa9fea9fe",
      "2852039166",
      "[::ffff:a9fe:a9fe]",
      "10.1",
      "[fd00::1]",
    ]
  ) {
    const error = await deskFailure(downloadAsset({ url: `http://${host}/latest/` }, value));
    assert.equal(error.code, "PRIVATE_NETWORK_BLOCKED", host);
  }
  assert.equal(dials.length, 0);
  assert.equal(server.connections(), 0);
});

Deno.test("download_asset's default policy refuses loopback, the test server included", async () => {
  await using ws = await testWorkspace();
  await using server = await assetServer();
  const { value } = context(ws, server.port);
  const strict = { ...value, network: { ...value.network, testServer: undefined } };
  for (
    const url of [
      `http://127.0.0.1:${server.port}/image.png`,
      `http://assets.test:${server.port}/image.png`,
    ]
  ) {
    assert.equal(
      (await deskFailure(downloadAsset({ url }, strict))).code,
      "PRIVATE_NETWORK_BLOCKED",
    );
  }
  // The test switch names one port: another loopback port stays refused.
  const other = { ...value, network: { ...value.network, testServer: { port: server.port + 1 } } };
  const error = await deskFailure(
    downloadAsset({ url: `http://127.0.0.1:${server.port}/image.png` }, other),
  );
  assert.equal(error.code, "PRIVATE_NETWORK_BLOCKED");
  assert.equal(server.connections(), 0);
});

Deno.test("download_asset follows a redirect by hand and refuses one to a private address at its hop", async () => {
  await using ws = await testWorkspace();
  await using server = await assetServer();
  const { value, dials } = context(ws, server.port);
  const followed = await downloadAsset(
    { url: `http://assets.test:${server.port}/redirect` },
    value,
  );
  assert.equal(followed.redirects, 1);
  assert.equal(followed.url, `http://assets.test:${server.port}/image.png`);
  assert.equal(dials.length, 2);

  for (const path of ["/to-private", "/to-metadata"]) {
    const before: number = dials.length;
    const error = await deskFailure(
      downloadAsset({ url: `http://assets.test:${server.port}${path}` }, value),
    );
    assert.equal(error.code, "PRIVATE_NETWORK_BLOCKED", path);
    assert.equal(dials.length, before + 1, "only the first hop was dialled");
  }
  const loop = await deskFailure(
    downloadAsset({ url: `http://assets.test:${server.port}/loop` }, value),
  );
  assert.equal(loop.code, "INVALID_URL");
  assert.deepEqual(await files(ws), ["image.png"]);
});

Deno.test("download_asset stops an endless body at its byte limit and leaves nothing behind", async () => {
  await using ws = await testWorkspace();
  await using server = await assetServer();
  const { value } = context(ws, server.port);
  const endless = await deskFailure(
    downloadAsset({ url: `http://assets.test:${server.port}/endless`, maxBytes: 200_000 }, value),
  );
  assert.equal(endless.code, "DOWNLOAD_TOO_LARGE");
  // A declared length over the limit is refused before the body is read.
  const huge = await deskFailure(
    downloadAsset({ url: `http://assets.test:${server.port}/huge` }, value),
  );
  assert.equal(huge.code, "DOWNLOAD_TOO_LARGE");
  // The caller may lower the limit, never raise it past the host's.
  const raised = await deskFailure(
    downloadAsset({ url: `http://assets.test:${server.port}/endless`, maxBytes: 1e12 }, value),
  );
  assert.equal(raised.code, "DOWNLOAD_TOO_LARGE");
  assert.deepEqual(await files(ws), []);
});

Deno.test("download_asset holds one deadline over stalled headers and a trickling body", async () => {
  await using ws = await testWorkspace();
  await using server = await assetServer();
  const { value } = context(ws, server.port, {
    limits: { maxBytes: 1024 * 1024, timeoutMs: 300, maxRedirects: 3 },
  });
  for (const path of ["/stall", "/trickle"]) {
    const error = await deskFailure(
      downloadAsset({ url: `http://assets.test:${server.port}${path}` }, value),
    );
    assert.equal(error.code, "DOWNLOAD_TIMEOUT", path);
  }
  assert.deepEqual(await files(ws), []);
});

Deno.test("download_asset takes a file only when its declared type and its bytes agree", async () => {
  await using ws = await testWorkspace();
  await using server = await assetServer();
  const { value } = context(ws, server.port);
  for (const path of ["/page", "/svg", "/html-as-png", "/svg-as-text", "/exe"]) {
    const error = await deskFailure(
      downloadAsset({ url: `http://assets.test:${server.port}${path}` }, value),
    );
    assert.equal(error.code, "INVALID_CONTENT_TYPE", path);
  }
  const text = await downloadAsset({ url: `http://assets.test:${server.port}/notes` }, value);
  assert.equal(text.path, "notes.txt");
  assert.equal(text.contentType, "text/plain");
  const missing = await deskFailure(
    downloadAsset({ url: `http://assets.test:${server.port}/missing` }, value),
  );
  assert.equal(missing.code, "INVALID_URL");
  assert.deepEqual(await files(ws), ["notes.txt"]);
});

Deno.test("download_asset refuses credentials, other protocols and malformed URLs before any lookup", async () => {
  await using ws = await testWorkspace();
  const resolved: string[] = [];
  const value: DownloadContext = {
    resolveInside: ws.resolveInside,
    network: {
      resolve: (name) => {
        resolved.push(name);
        return Promise.resolve([]);
      },
    },
  };
  const cases: [string, string][] = [
    ["http://user:secret@assets.test/image.png", "INVALID_URL"],
    ["https://token@assets.test/image.png", "INVALID_URL"],
    ["not a url", "INVALID_URL"],
    ["file:///etc/passwd", "UNSUPPORTED_PROTOCOL"],
    ["ftp://assets.test/image.png", "UNSUPPORTED_PROTOCOL"],
    ["javascript:alert(1)", "UNSUPPORTED_PROTOCOL"],
    ["data:image/png;base64,iVBORw0KGgo=", "UNSUPPORTED_PROTOCOL"],
  ];
  for (const [url, code] of cases) {
    const error = await deskFailure(downloadAsset({ url }, value));
    assert.equal(error.code, code, url);
    assert.ok(!error.message.includes("secret") && !error.message.includes("/etc"));
  }
  assert.deepEqual(resolved, []);
});

Deno.test("download_asset's schema refuses unknown and ill-typed fields", () => {
  assert.ok(DownloadAssetArgsSchema.safeParse({ url: "https://a.test/x.png" }).success);
  for (
    const bad of [
      { url: "https://a.test/x.png", headers: {} },
      { url: 5 },
      { url: "https://a.test/x.png", maxBytes: -1 },
      { url: "https://a.test/x.png", maxBytes: 1.5 },
      { url: "https://a.test/x.png", dest: "" },
    ]
  ) {
    assert.equal(DownloadAssetArgsSchema.safeParse(bad).success, false, JSON.stringify(bad));
  }
});

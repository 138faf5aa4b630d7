import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tls from "node:tls";
import { deskFailure } from "../testing/failure.ts";
import { testWorkspace } from "../testing/workspace.ts";
import { downloadAsset, type DownloadContext } from "./download_asset.ts";
import type { Dial } from "./pinned_request.ts";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7, 7]);

/** A self-signed certificate for `assets.test`, made at test time. */
async function certificate(): Promise<{ key: string; cert: string }> {
  const folder = await mkdtemp(join(tmpdir(), "leash-desk-tls-"));
  try {
    execFileSync("openssl", [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-keyout",
      join(folder, "key.pem"),
      "-out",
      join(folder, "cert.pem"),
      "-subj",
      "/CN=assets.test",
      "-addext",
      "subjectAltName=DNS:assets.test",
    ], { stdio: "ignore" });
    return {
      key: await readFile(join(folder, "key.pem"), "utf8"),
      cert: await readFile(join(folder, "cert.pem"), "utf8"),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

Deno.test("download_asset over https dials the checked address with the name in SNI and the certificate check", async () => {
  await using ws = await testWorkspace();
  const { key, cert } = await certificate();
  const hosts: (string | undefined)[] = [];
  const server = https.createServer({ key, cert }, (request, response) => {
    hosts.push(request.headers.host);
    response.writeHead(200, { "content-type": "image/png" });
    response.end(png);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  try {
    const dials: Dial[] = [];
    const base: DownloadContext = {
      resolveInside: ws.resolveInside,
      network: {
        resolve: () => Promise.resolve(["127.0.0.1"]),
        testServer: { port },
      },
      limits: { maxBytes: 1e6, timeoutMs: 5000, maxRedirects: 2 },
    };
    // The test's own trust anchor, on the engine's dial: everything else is the engine's.
    const trusting: DownloadContext = {
      ...base,
      network: {
        ...base.network,
        connect: (dial) => {
          dials.push(dial);
          assert.equal(dial.address, "127.0.0.1");
          return tls.connect({
            host: dial.address,
            port: dial.port,
            servername: dial.servername,
            ca: [cert],
          });
        },
      },
    };
    const result = await downloadAsset({ url: `https://assets.test:${port}/logo.png` }, trusting);
    assert.equal(result.path, "logo.png");
    assert.deepEqual(dials, [{ address: "127.0.0.1", port, tls: true, servername: "assets.test" }]);
    assert.deepEqual(hosts, [`assets.test:${port}`]);

    // Another name on the same address fails the certificate check.
    const other = await deskFailure(
      downloadAsset({ url: `https://other.test:${port}/logo.png` }, trusting),
    );
    assert.equal(other.code, "INVALID_URL");
    // The engine's own connector verifies certificates: a self-signed one is refused.
    const untrusted = await deskFailure(
      downloadAsset({ url: `https://assets.test:${port}/logo.png` }, base),
    );
    assert.equal(untrusted.code, "INVALID_URL");
    assert.equal(hosts.length, 1);
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

import assert from "node:assert/strict";
import { join } from "node:path";
import { testWorkspace } from "../testing/workspace.ts";
import { PreviewServers } from "./preview_server.ts";

async function refused(url: string): Promise<boolean> {
  const port = Number(new URL(url).port);
  try {
    (await Deno.connect({ hostname: "127.0.0.1", port })).close();
    return false;
  } catch {
    return true;
  }
}

Deno.test("PreviewServers keeps at most its limit, stopping the least recently used", async () => {
  await using ws = await testWorkspace();
  const previews = new PreviewServers({ maxPreviews: 2, idleMs: 60_000, listingEntriesMax: 10 });
  try {
    const folders = ["a", "b", "c"].map((name) => join(ws.root, name));
    for (const folder of folders) await Deno.mkdir(folder);
    const resolver = () => Promise.resolve(ws.resolveInside);
    const a = await previews.start(folders[0], resolver);
    const b = await previews.start(folders[1], resolver);
    assert.deepEqual(await previews.start(folders[0], resolver), { url: a.url, reused: true });
    const c = await previews.start(folders[2], resolver);
    assert.equal(previews.size, 2);
    assert.ok(await refused(b.url), "the least recently used preview stopped");
    const response = await fetch(a.url);
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.notEqual(a.url, c.url);
  } finally {
    await previews.stopAll();
  }
  assert.equal(previews.size, 0);
});

Deno.test("a preview stops after its idle time", async () => {
  await using ws = await testWorkspace();
  const previews = new PreviewServers({ maxPreviews: 2, idleMs: 200, listingEntriesMax: 10 });
  try {
    const started = await previews.start(ws.root, () => Promise.resolve(ws.resolveInside));
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(previews.size, 0);
    assert.ok(await refused(started.url));
  } finally {
    await previews.stopAll();
  }
});

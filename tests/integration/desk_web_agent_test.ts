/**
 * Agent tab runs through the real `leash-desk`: the run rules (mode, stop,
 * reconnect, a withdrawn opt-in) and every `web_agent_context` limit hit
 * exactly at its bound, then one past it.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { webAgentLimits } from "../../contracts/desk/limits.ts";
import { readDeskPolicy, writeDeskPolicy } from "../../local/desk_policy.ts";
import {
  DeskProcess,
  type DeskWorld,
  record,
  records,
  siblingWorkspace,
  withDesk,
} from "./_desk_process.ts";

type Result = Record<string, unknown>;

async function startRun(desk: DeskProcess, world: DeskWorld): Promise<string> {
  const started = await desk.ok("web_agent_start", {
    mode: "workspace-context",
    workspace: world.wsId,
  });
  assert.match(String(started.runId), /^run_[0-9a-f]{24}$/);
  return String(started.runId);
}

async function context(desk: DeskProcess, runId: string, requests: unknown[]): Promise<Result[]> {
  const data = await desk.ok("web_agent_context", { runId, requests });
  return records(data.results);
}

async function one(desk: DeskProcess, runId: string, request: unknown): Promise<Result> {
  const [result] = await context(desk, runId, [request]);
  return result;
}

Deno.test("web_agent_context: only in a live workspace-context run of this connection", async () => {
  let closed = "";
  await withDesk(async (desk, world) => {
    const browserOnly = await desk.ok("web_agent_start", { mode: "browser-only" });
    assert.equal(
      await desk.code("web_agent_context", {
        runId: browserOnly.runId,
        requests: [{ type: "workspace_info" }],
      }),
      "ACTION_NOT_ALLOWED",
    );
    assert.equal(
      await desk.code("web_agent_context", {
        runId: "run_000000000000000000000000",
        requests: [{ type: "workspace_info" }],
      }),
      "ACTION_NOT_ALLOWED",
    );
    const runId = await startRun(desk, world);
    const [info] = await context(desk, runId, [{ type: "workspace_info" }]);
    assert.deepEqual(info.workspace, { id: world.wsId, name: "ws" });
    assert.ok(!JSON.stringify(info).includes(world.root), "no absolute path is served");

    const stopped = await desk.ok("web_agent_stop", { runId });
    assert.equal(stopped.rounds, 1);
    assert.equal(
      await desk.code("web_agent_context", { runId, requests: [{ type: "workspace_info" }] }),
      "ACTION_NOT_ALLOWED",
    );
    assert.equal(await desk.code("web_agent_stop", { runId }), "ACTION_NOT_ALLOWED");

    closed = await startRun(desk, world);
    assert.equal(
      await desk.code("web_agent_start", {
        mode: "workspace-context",
        workspace: "ws_0123456789ff",
      }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(
      await desk.code("web_agent_start", { mode: "workspace-context" }),
      "INVALID_REQUEST",
    );
    assert.equal(
      await desk.code("web_agent_context", { runId: closed, requests: [{ type: "shell" }] }),
      "INVALID_REQUEST",
    );

    // A reconnect starts from nothing: the old run is gone with the old port.
    await desk.close();
    const again = new DeskProcess(world);
    try {
      assert.equal(
        await again.code("web_agent_context", {
          runId: closed,
          requests: [{ type: "workspace_info" }],
        }),
        "ACTION_NOT_ALLOWED",
      );
    } finally {
      await again.close();
    }
  });
});

Deno.test("web_agent_context: a workspace that did not opt in, or withdrew, is refused", async () => {
  let plain = "";
  await withDesk(async (desk, world) => {
    assert.equal(
      await desk.code("web_agent_start", { mode: "workspace-context", workspace: plain }),
      "PERMISSION_DENIED",
    );
    const runId = await startRun(desk, world);
    await one(desk, runId, { type: "workspace_info" });
    const policy = await readDeskPolicy(world.policyPath);
    policy.workspaces[0].webAgentContext = false;
    await writeDeskPolicy(world.policyPath, policy);
    assert.equal(
      await desk.code("web_agent_context", { runId, requests: [{ type: "workspace_info" }] }),
      "PERMISSION_DENIED",
    );
  }, (policy, { ws }) => {
    plain = siblingWorkspace(policy, ws, { name: "plain", id: "ws_00000000000d" });
  });
});

Deno.test("web_agent_context: sensitive files are never served, ignored ones only by explicit path", async () => {
  await withDesk(async (desk, world) => {
    const at = (path: string) => join(world.ws, path);
    await Deno.writeTextFile(at(".gitignore"), "dist/\n");
    await Deno.mkdir(at("dist"));
    await Deno.writeTextFile(at("dist/out.js"), "needle in build\n");
    await Deno.writeTextFile(at(".env"), "needle=secret\n");
    await Deno.writeTextFile(at("server.key"), "needle key\n");
    await Deno.writeTextFile(at("src.ts"), "const needle = 1;\n");
    const runId = await startRun(desk, world);
    const [search, env, ignored, list] = await context(desk, runId, [
      { type: "search_workspace", query: "NEEDLE" },
      { type: "read_file", path: ".env" },
      { type: "read_file", path: "dist/out.js" },
      { type: "list_directory" },
    ]);
    assert.deepEqual(search.matches, [{ path: "src.ts", line: 1, text: "const needle = 1;" }]);
    assert.equal(record(env.error).code, "PERMISSION_DENIED");
    assert.equal(ignored.content, "needle in build\n");
    assert.deepEqual(list.skipped, { sensitive: 2, ignored: 1 });
    assert.deepEqual(records(list.entries).map((entry) => entry.path), [
      ".gitignore",
      "src.ts",
    ]);
  });
});

Deno.test("web_agent_context limits: requests per call and rounds per run, at the bound and past it", async () => {
  await withDesk(async (desk, world) => {
    const runId = await startRun(desk, world);
    const info = { type: "workspace_info" };
    const eight = Array.from({ length: webAgentLimits.requestsPerCall }, () => info);
    assert.equal((await context(desk, runId, eight)).length, 8);
    assert.equal(
      await desk.code("web_agent_context", { runId, requests: [...eight, info] }),
      "INVALID_REQUEST",
    );
    for (let round = 2; round <= webAgentLimits.roundsPerRun; round++) {
      await context(desk, runId, [info]);
    }
    assert.equal(
      await desk.code("web_agent_context", { runId, requests: [info] }),
      "ACTION_NOT_ALLOWED",
    );
  });
});

Deno.test("web_agent_context limits: lines, file size, characters, entries and matches, at the bound and past it", async () => {
  await withDesk(async (desk, world) => {
    const at = (path: string) => join(world.ws, path);
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `l${i}\n`).join("");
    await Deno.writeTextFile(at("400.txt"), lines(400));
    await Deno.writeTextFile(at("401.txt"), lines(401));
    const line400 = `${"x".repeat(399)}\n`;
    await Deno.writeTextFile(at("chars.txt"), line400.repeat(250)); // exactly 100,000 characters
    await Deno.writeTextFile(at("chars1.txt"), `${line400.repeat(249)}${"x".repeat(400)}\n`);
    const big = webAgentLimits.fileBytesMax;
    await Deno.writeTextFile(
      at("big.txt"),
      `${"y".repeat(99)}\n`.repeat(big / 100) + "z".repeat(big % 100),
    );
    await Deno.writeTextFile(at("bigger.txt"), "z".repeat(big + 1));
    await Deno.mkdir(at("d500"));
    await Deno.mkdir(at("d501"));
    for (let index = 0; index < 501; index++) {
      if (index < 500) await Deno.writeTextFile(at(`d500/f${index}`), "");
      await Deno.writeTextFile(at(`d501/f${index}`), "");
    }
    await Deno.mkdir(at("m100"));
    await Deno.mkdir(at("m101"));
    await Deno.writeTextFile(at("m100/hits.txt"), "hit\n".repeat(100));
    await Deno.writeTextFile(at("m101/hits.txt"), "hit\n".repeat(101));

    const runId = await startRun(desk, world);
    const read400 = await one(desk, runId, { type: "read_file", path: "400.txt" });
    assert.equal(read400.lineCount, 400);
    assert.equal(read400.truncated, false);
    const read401 = await one(desk, runId, { type: "read_file", path: "401.txt" });
    assert.equal(read401.lineCount, 400);
    assert.equal(read401.totalLines, 401);
    assert.equal(read401.truncated, true);
    const tail = await one(desk, runId, { type: "read_file", path: "401.txt", startLine: 401 });
    assert.equal(tail.content, "l400\n");
    assert.equal(tail.truncated, false);

    const chars = await desk.ok("web_agent_context", {
      runId,
      requests: [{ type: "read_file", path: "chars.txt" }],
    });
    assert.equal(chars.characters, webAgentLimits.charactersPerCall);
    assert.equal(records(chars.results)[0].lineCount, 250);
    assert.equal(records(chars.results)[0].truncated, false);
    const chars1 = await one(desk, runId, { type: "read_file", path: "chars1.txt" });
    assert.equal(chars1.lineCount, 249);
    assert.equal(chars1.truncated, true);

    const atSize = await one(desk, runId, { type: "read_file", path: "big.txt" });
    assert.equal(atSize.size, big);
    assert.equal(atSize.skipped, undefined);
    assert.equal(atSize.lineCount, 400);
    const pastSize = await one(desk, runId, { type: "read_file", path: "bigger.txt" });
    assert.equal(pastSize.skipped, "file-too-large");
    assert.equal(pastSize.content, undefined);

    const list500 = await one(desk, runId, { type: "list_directory", path: "d500" });
    assert.equal(records(list500.entries).length, 500);
    assert.equal(list500.truncated, false);
    const list501 = await one(desk, runId, { type: "list_directory", path: "d501" });
    assert.equal(records(list501.entries).length, 500);
    assert.equal(list501.truncated, true);

    const m100 = await one(desk, runId, { type: "search_workspace", query: "hit", path: "m100" });
    assert.equal(records(m100.matches).length, 100);
    assert.equal(m100.truncated, false);
    const m101 = await one(desk, runId, { type: "search_workspace", query: "hit", path: "m101" });
    assert.equal(records(m101.matches).length, 100);
    assert.equal(m101.truncated, true);
    // The match limit is per call: two searches share it.
    const [first, second] = await context(desk, runId, [
      { type: "search_workspace", query: "hit", path: "m100", maxResults: 60 },
      { type: "search_workspace", query: "hit", path: "m100" },
    ]);
    assert.equal(records(first.matches).length, 60);
    assert.equal(records(second.matches).length, 40);
    assert.equal(second.truncated, true);
  });
});

/**
 * The skill engines through the real `leash-desk` child, from request
 * frames: commands, assets, documents and images, each behind its switch.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pdf } from "../../desk/skills/testing/pdf.ts";
import { png } from "../../desk/skills/testing/png.ts";
import { docx } from "../../desk/skills/testing/zip.ts";
import type { DeskPolicy } from "../../local/desk_policy.ts";
import { DeskProcess, deskWorld, record, withDesk } from "./_desk_process.ts";

const skills: DeskPolicy["enabledAreas"] = ["files", "commands", "assets", "images", "documents"];

function withSkills(change: (policy: DeskPolicy, world: { ws: string }) => void = () => {}) {
  return (policy: DeskPolicy, world: { ws: string }) => {
    policy.enabledAreas = [...skills];
    policy.commands = {
      greet: { executable: "/bin/echo", args: ["fixed"], env: {} },
      shell: { executable: "/bin/sh", args: ["-c"], env: {} },
    };
    change(policy, world);
  };
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => undefined);
    // Gone, or a zombie waiting for its reaper: either way it runs no more.
    if (stat === undefined || / Z /.test(stat)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

Deno.test("run_command runs an allowlisted command with its prefix, refuses an unlisted one, and a non-zero exit is a result", async () => {
  await withDesk(async (desk) => {
    const ran = await desk.ok("run_command", { command: "greet", args: ["hi"], timeoutMs: 10_000 });
    assert.equal(ran.exitCode, 0);
    assert.equal(record(ran.stdout).text, "fixed hi\n");
    assert.equal(
      await desk.code("run_command", { command: "rm", args: [], timeoutMs: 1000 }),
      "COMMAND_NOT_ALLOWED",
    );
    const failed = await desk.ok("run_command", {
      command: "shell",
      args: ["exit 3"],
      timeoutMs: 10_000,
    });
    assert.equal(failed.exitCode, 3);
    assert.equal(
      await desk.code("run_command", { command: "greet", args: [], timeoutMs: 1000, cwd: "../.." }),
      "WORKSPACE_VIOLATION",
    );
  }, withSkills());
});

Deno.test("run_command past its deadline kills the whole group, grandchildren too, and answers COMMAND_TIMEOUT with the partial output", async () => {
  await withDesk(async (desk, world) => {
    const error = await desk.error("run_command", {
      command: "shell",
      args: ["sleep 60 & echo $! > grandchild.pid; echo started; sleep 60"],
      timeoutMs: 1500,
    });
    assert.equal(error.code, "COMMAND_TIMEOUT");
    const partial = record(record(error.details).partial);
    assert.equal(record(partial.stdout).text, "started\n");
    const pid = Number((await Deno.readTextFile(join(world.ws, "grandchild.pid"))).trim());
    assert.ok(pid > 0);
    assert.ok(await gone(pid), "the backgrounded grandchild survived the timeout");
  }, withSkills());
});

Deno.test("each skill answers SKILL_DISABLED when its area is off", async () => {
  await withDesk(
    async (desk) => {
      assert.equal(
        await desk.code("run_command", { command: "greet", args: [], timeoutMs: 1000 }),
        "SKILL_DISABLED",
      );
      assert.equal(
        await desk.code("download_asset", { url: "https://example.com/a.png" }),
        "SKILL_DISABLED",
      );
      assert.equal(
        await desk.code("import_asset", { source: "/tmp/a.png", dest: "." }),
        "SKILL_DISABLED",
      );
      assert.equal(
        await desk.code("convert_document_to_markdown", { path: "a.md" }),
        "SKILL_DISABLED",
      );
      assert.equal(await desk.code("inspect_image", { path: "a.png" }), "SKILL_DISABLED");
      assert.equal(await desk.code("resize_image", { path: "a.png", width: 2 }), "SKILL_DISABLED");
      assert.equal(await desk.code("compress_image", { path: "a.png" }), "SKILL_DISABLED");
      assert.equal(
        await desk.code("convert_image", { path: "a.png", format: "webp" }),
        "SKILL_DISABLED",
      );
      // Arguments come first, as for every action.
      assert.equal(await desk.code("resize_image", { path: "a.png" }), "INVALID_REQUEST");
      assert.equal(
        await desk.code("run_command", { command: "greet", args: [], timeoutMs: 1, extra: 1 }),
        "INVALID_REQUEST",
      );
      assert.equal(await desk.code("get_clipboard"), "SKILL_DISABLED");
      assert.equal(await desk.code("capture_screen"), "SKILL_DISABLED");
    },
    withSkills((policy) => {
      policy.enabledAreas = ["files"];
    }),
  );
});

Deno.test("the skill profile and status report each area's switch and runtime", async () => {
  await withDesk(async (desk) => {
    const profile = await desk.ok("get_skill_profile");
    const areas = new Map(
      (Array.isArray(profile.areas) ? profile.areas : []).map((
        area,
      ) => [record(area).area, record(area)]),
    );
    for (const area of ["commands", "assets", "documents", "images"]) {
      assert.equal(areas.get(area)?.runtimeAvailable, true, area);
      assert.equal(areas.get(area)?.refusal, null, area);
    }
    assert.equal(areas.get("clipboard")?.refusal, "SKILL_DISABLED");
    const status = await desk.ok("get_status");
    assert.equal(record(status.available).images, true);
    assert.equal(record(status.skills).windows, false);
  }, withSkills());
});

Deno.test("download_asset refuses loopback by default and fetches from the test server only through the test switch", async () => {
  const image = png(4, 4);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(new Uint8Array(image), { headers: { "content-type": "image/png" } }),
  );
  const world = await deskWorld(withSkills());
  try {
    const url = `http://127.0.0.1:${server.addr.port}/pictures/cat.png`;
    const plain = new DeskProcess(world);
    try {
      assert.equal(await plain.code("download_asset", { url }), "PRIVATE_NETWORK_BLOCKED");
      assert.equal(
        await plain.code("download_asset", { url: "http://user:pw@example.com/a.png" }),
        "INVALID_URL",
      );
      assert.equal(
        await plain.code("download_asset", { url: "file:///etc/passwd" }),
        "UNSUPPORTED_PROTOCOL",
      );
    } finally {
      assert.equal(await plain.close(), 0);
    }
    const switched = new DeskProcess(world, undefined, {
      LEASH_DESK_TEST_SERVER_PORT: String(server.addr.port),
    });
    try {
      const saved = await switched.ok("download_asset", { url, dest: "." });
      assert.equal(saved.bytes, image.length);
      assert.equal(saved.contentType, "image/png");
      assert.deepEqual(await Deno.readFile(join(world.ws, String(saved.path))), image);
    } finally {
      assert.equal(await switched.close(), 0);
    }
  } finally {
    await server.shutdown();
    await world.dispose();
  }
});

Deno.test("import_asset copies from an import root and refuses sensitive or outside sources", async () => {
  let downloads = "";
  await withDesk(
    async (desk, world) => {
      await Deno.writeFile(join(downloads, "photo.png"), png(3, 3));
      await Deno.writeFile(join(downloads, "id_rsa.pem"), png(3, 3));
      await Deno.writeFile(join(world.root, "outside.png"), png(3, 3));
      const copied = await desk.ok("import_asset", {
        source: join(downloads, "photo.png"),
        dest: ".",
      });
      assert.equal(copied.contentType, "image/png");
      assert.ok((await Deno.stat(join(world.ws, "photo.png"))).isFile);
      for (const source of [join(downloads, "id_rsa.pem"), join(world.root, "outside.png")]) {
        assert.equal(await desk.code("import_asset", { source, dest: "." }), "ASSET_IMPORT_DENIED");
      }
    },
    withSkills((policy, { ws }) => {
      downloads = join(ws, "..", "downloads");
      Deno.mkdirSync(downloads);
      policy.importRoots = [downloads];
    }),
  );
});

Deno.test("convert_document_to_markdown converts a docx and a text PDF in the permissionless worker, and names the pages that need OCR", async () => {
  await withDesk(async (desk, world) => {
    await Deno.writeFile(
      join(world.ws, "report.docx"),
      docx("<w:p><w:r><w:t>Quarterly report</w:t></w:r></w:p>"),
    );
    const word = await desk.ok("convert_document_to_markdown", { path: "report.docx" });
    assert.equal(word.format, "docx");
    assert.match(String(word.markdown), /Quarterly report/);
    await Deno.writeFile(join(world.ws, "paper.pdf"), await pdf(["text", "text"]));
    const paper = await desk.ok("convert_document_to_markdown", { path: "paper.pdf" });
    assert.equal(paper.pages, 2);
    assert.match(String(paper.markdown), /Text on page 2/);
    await Deno.writeFile(join(world.ws, "scan.pdf"), await pdf(["text", "image"]));
    const scan = await desk.error("convert_document_to_markdown", { path: "scan.pdf" });
    assert.equal(scan.code, "DOCUMENT_OCR_REQUIRED");
    assert.deepEqual(scan.details, { pages: [2] });
    assert.equal(
      await desk.code("convert_document_to_markdown", { path: "a.xlsx" }),
      "UNSUPPORTED_DOCUMENT_FORMAT",
    );
  }, withSkills());
});

Deno.test("the image actions inspect, resize, compress and convert inside the workspace", async () => {
  await withDesk(async (desk, world) => {
    await Deno.writeFile(join(world.ws, "wide.png"), png(40, 20));
    const info = await desk.ok("inspect_image", { path: "wide.png" });
    assert.equal(info.width, 40);
    assert.equal(info.height, 20);
    const resized = await desk.ok("resize_image", {
      path: "wide.png",
      width: 20,
      output: "small.png",
    });
    assert.equal(resized.width, 20);
    assert.equal(resized.height, 10);
    assert.equal(record(await desk.ok("inspect_image", { path: "small.png" })).width, 20);
    const converted = await desk.ok("convert_image", { path: "wide.png", format: "webp" });
    assert.equal(converted.format, "webp");
    const compressed = await desk.ok("compress_image", {
      path: "wide.png",
      output: "squeezed.png",
    });
    assert.ok(Number(compressed.bytes) > 0);
    await Deno.writeFile(join(world.ws, "bomb.png"), png(1, 1, { claim: 100_000 }));
    assert.equal(await desk.code("inspect_image", { path: "bomb.png" }), "IMAGE_PROCESSING_FAILED");
    assert.equal(
      await desk.code("resize_image", { path: "../x.png", width: 2 }),
      "WORKSPACE_VIOLATION",
    );
  }, withSkills());
});

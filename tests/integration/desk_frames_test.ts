/**
 * `leash-desk` from the outside, as Chrome talks to it: a real child
 * process, framed stdin and stdout. Bad frames and bad envelopes are
 * answered with a fixed code and the connection goes on (an oversize
 * length ends it), and a caller that is not allowed gets nothing at all.
 */
import assert from "node:assert/strict";
import { DESK_MAX_MESSAGE_BYTES, deskErrorCodes } from "../../contracts/desk/codes.ts";
import { DeskResponseSchema } from "../../contracts/desk/envelope.ts";
import { extensionOrigin } from "../../contracts/identity.ts";
import { deskExitCodes } from "../../desk/exit_codes.ts";
import { deskDenoArgs } from "../../local/host_run_args.ts";
import { DeskProcess, deskWorld, withDesk } from "./_desk_process.ts";
import { HostProcess, onlyFrames } from "./_host_process.ts";

const otherOrigin = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/";

function rawFrame(payload: string | Uint8Array): Uint8Array {
  const bytes = typeof payload === "string" ? new TextEncoder().encode(payload) : payload;
  const frame = new Uint8Array(4 + bytes.length);
  new DataView(frame.buffer).setUint32(0, bytes.length, true);
  frame.set(bytes, 4);
  return frame;
}

function prefix(length: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, length, true);
  return bytes;
}

async function nextAnswer(desk: DeskProcess) {
  return DeskResponseSchema.parse(await desk.host.nextFrame());
}

Deno.test("leash-desk answers bad frames with INVALID_REQUEST and keeps the connection", async () => {
  await withDesk(async (desk) => {
    for (
      const bad of [
        new Uint8Array(4), // zero length
        rawFrame(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), // not UTF-8
        rawFrame('{"version":1,'), // not JSON
        rawFrame("[1,2,3]"), // JSON, not an object
        rawFrame('"text"'),
      ]
    ) {
      await desk.host.sendBytes(bad);
      const answer = await nextAnswer(desk);
      assert.equal(answer.success, false);
      assert.equal(answer.id, null);
      if (!answer.success) {
        assert.equal(answer.error.code, "INVALID_REQUEST");
        assert.equal(answer.error.message, deskErrorCodes.INVALID_REQUEST);
      }
    }
    // Still in step: a good request after them is answered.
    assert.equal((await desk.ok("get_status")).protocol, 1);
  });
});

Deno.test("leash-desk validates the envelope: version, id, action, arguments", async () => {
  await withDesk(async (desk) => {
    const send = async (message: unknown) => {
      await desk.host.send(message);
      return await nextAnswer(desk);
    };
    const cases: [unknown, string | null, string][] = [
      [{ version: 2, id: "v2", action: "get_status", arguments: {} }, "v2", "INVALID_REQUEST"],
      [{ version: "1", id: "v", action: "get_status", arguments: {} }, "v", "INVALID_REQUEST"],
      [{ id: "nov", action: "get_status", arguments: {} }, "nov", "INVALID_REQUEST"],
      [{ version: 1, id: "", action: "get_status", arguments: {} }, null, "INVALID_REQUEST"],
      [{ version: 1, action: "get_status", arguments: {} }, null, "INVALID_REQUEST"],
      [{ version: 1, id: 7, action: "get_status", arguments: {} }, null, "INVALID_REQUEST"],
      [{ version: 1, id: "a", action: "get_status", arguments: [] }, "a", "INVALID_REQUEST"],
      [{ version: 1, id: "b", action: "get_status" }, "b", "INVALID_REQUEST"],
      [{ version: 1, id: "c", action: 5, arguments: {} }, "c", "INVALID_REQUEST"],
      [{ version: 1, id: "d", action: "rm_rf", arguments: {} }, "d", "UNKNOWN_ACTION"],
      [{ version: 1, id: "e", action: "toString", arguments: {} }, "e", "UNKNOWN_ACTION"],
      [{ version: 1, id: "f", action: "__proto__", arguments: {} }, "f", "UNKNOWN_ACTION"],
      // A bad argument field: unknown, then ill-typed.
      [
        { version: 1, id: "g", action: "get_status", arguments: { extra: true } },
        "g",
        "INVALID_REQUEST",
      ],
      [
        { version: 1, id: "h", action: "read_file", arguments: { path: 7 } },
        "h",
        "INVALID_REQUEST",
      ],
    ];
    for (const [message, id, code] of cases) {
      const answer = await send(message);
      assert.equal(answer.success, false, JSON.stringify(message));
      assert.equal(answer.id, id, JSON.stringify(message));
      if (!answer.success) assert.equal(answer.error.code, code, JSON.stringify(message));
    }
    // Unknown top-level fields are ignored.
    const answer = await send({
      version: 1,
      id: "extra",
      action: "get_status",
      arguments: {},
      future: { anything: 1 },
    });
    assert.equal(answer.success, true);
    assert.equal(answer.id, "extra");
  });
});

Deno.test("leash-desk answers an oversize length before reading the payload, then exits", async () => {
  const world = await deskWorld();
  try {
    const desk = new DeskProcess(world);
    // Only the prefix is sent: the host must not wait for (or allocate) the payload.
    await desk.host.sendBytes(prefix(DESK_MAX_MESSAGE_BYTES + 1));
    const answer = await nextAnswer(desk);
    assert.equal(answer.success, false);
    if (!answer.success) assert.equal(answer.error.code, "INVALID_REQUEST");
    const result = await desk.host.result();
    assert.equal(result.code, deskExitCodes.protocol);
    assert.equal(onlyFrames(result.stdout).length, 1);
  } finally {
    await world.dispose();
  }
});

Deno.test("leash-desk accepts a frame of exactly 1 MB and exits on a stream cut inside a frame", async () => {
  const world = await deskWorld();
  try {
    const desk = new DeskProcess(world);
    const message = { version: 1, id: "big", action: "get_status", arguments: {}, pad: "" };
    const size = new TextEncoder().encode(JSON.stringify(message)).length;
    message.pad = "x".repeat(DESK_MAX_MESSAGE_BYTES - size);
    await desk.host.sendBytes(rawFrame(JSON.stringify(message)));
    const answer = await nextAnswer(desk);
    assert.equal(answer.success, true);
    assert.equal(answer.id, "big");
    await desk.host.sendBytes(prefix(10));
    await desk.host.sendBytes(new Uint8Array(3));
    await desk.host.closeStdin();
    assert.equal((await desk.host.result()).code, deskExitCodes.protocol);
  } finally {
    await world.dispose();
  }
});

Deno.test("leash-desk refuses a caller origin that is not allowed, reading and writing nothing", async () => {
  const world = await deskWorld();
  try {
    for (
      const origin of [otherOrigin, extensionOrigin.toUpperCase(), extensionOrigin.slice(0, -1)]
    ) {
      const stranger = HostProcess.spawn({
        args: deskDenoArgs([origin]),
        env: { LEASH_DESK_CONFIG: world.policyPath, HOME: world.root },
      });
      // A request is waiting on stdin (unless the host already left); it must never be answered.
      await stranger.send({ version: 1, id: "1", action: "get_status", arguments: {} })
        .catch(() => {});
      const result = await stranger.result();
      assert.equal(result.code, deskExitCodes.originRejected);
      assert.equal(result.stdout.length, 0);
    }
    const bare = HostProcess.spawn({
      args: deskDenoArgs([]),
      env: { LEASH_DESK_CONFIG: world.policyPath, HOME: world.root },
    });
    assert.equal((await bare.result()).code, deskExitCodes.usage);
  } finally {
    await world.dispose();
  }
});

Deno.test("leash-desk admits an origin the person allowed in the desk policy, and Windows' --parent-window", async () => {
  const world = await deskWorld((policy) => policy.allowedOrigins.push(otherOrigin));
  try {
    for (const args of [[otherOrigin], [extensionOrigin, "--parent-window=0"]]) {
      const desk = HostProcess.spawn({
        args: deskDenoArgs(args),
        env: { LEASH_DESK_CONFIG: world.policyPath, HOME: world.root },
      });
      await desk.send({ version: 1, id: "1", action: "get_status", arguments: {} });
      assert.equal(DeskResponseSchema.parse(await desk.nextFrame()).success, true);
      await desk.closeStdin();
      assert.equal((await desk.result()).code, deskExitCodes.ok);
    }
  } finally {
    await world.dispose();
  }
});

Deno.test("leash-desk exits without reading when its policy file is not valid", async () => {
  const world = await deskWorld();
  try {
    await Deno.writeTextFile(world.policyPath, '{"version":1}');
    const desk = HostProcess.spawn({
      args: deskDenoArgs([extensionOrigin]),
      env: { LEASH_DESK_CONFIG: world.policyPath, HOME: world.root },
    });
    const result = await desk.result();
    assert.equal(result.code, deskExitCodes.policyInvalid);
    assert.equal(result.stdout.length, 0);
    assert.ok(!result.stderr.includes(world.root), "the log names no path");
  } finally {
    await world.dispose();
  }
});

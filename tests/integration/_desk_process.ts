/**
 * The real `leash-desk` as a child process, started as the installed
 * launcher starts it (`deno run` with the table's `desk` flags), over a
 * temporary world: a desk policy in a config folder of its own and
 * workspace folders beside it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DeskResponseSchema } from "../../contracts/desk/envelope.ts";
import { extensionOrigin } from "../../contracts/identity.ts";
import { type DeskPolicy, writeDeskPolicy } from "../../local/desk_policy.ts";
import { deskDenoArgs } from "../../local/host_run_args.ts";
import { HostProcess } from "./_host_process.ts";

/** A temporary desk world: its root, the policy file, and one workspace `ws`. */
export interface DeskWorld {
  root: string;
  policyPath: string;
  /** The workspace folder, a real path. */
  ws: string;
  wsId: string;
  dispose(): Promise<void>;
}

/** A world with one workspace (opted in to web agent context) and the given policy changes. */
export async function deskWorld(
  change: (policy: DeskPolicy, world: { ws: string }) => void = () => {},
): Promise<DeskWorld> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "leash-desk-" }));
  const ws = join(root, "ws");
  await Deno.mkdir(ws);
  await Deno.mkdir(join(root, "config"));
  const policyPath = join(root, "config", "desk.json");
  const wsId = "ws_00000000000a";
  const policy: DeskPolicy = {
    version: 1,
    workspaces: [{ id: wsId, name: "ws", path: ws, webAgentContext: true }],
    enabledAreas: ["files", "projects"],
    allowedOrigins: [],
  };
  change(policy, { ws });
  await writeDeskPolicy(policyPath, policy);
  return {
    root,
    policyPath,
    ws,
    wsId,
    dispose: () => Deno.remove(root, { recursive: true }),
  };
}

/** A DeskBridge response, schema-checked. */
export type Answer = ReturnType<typeof DeskResponseSchema.parse>;

/** A running `leash-desk` for `world`, called with `origin`. */
export class DeskProcess {
  readonly host: HostProcess;
  #next = 0;

  constructor(
    world: DeskWorld,
    origin: string = extensionOrigin,
    env: Record<string, string> = {},
  ) {
    this.host = HostProcess.spawn({
      args: deskDenoArgs([origin]),
      env: { LEASH_DESK_CONFIG: world.policyPath, HOME: world.root, ...env },
    });
  }

  /** Send one request and read its answer. */
  async call(action: string, args: Record<string, unknown> = {}): Promise<Answer> {
    const id = `req-${++this.#next}`;
    await this.host.send({ version: 1, id, action, arguments: args });
    const answer = DeskResponseSchema.parse(await this.host.nextFrame());
    assert.equal(answer.id, id);
    return answer;
  }

  /** The data of a successful answer; fails the test on an error answer. */
  async ok(action: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const answer = await this.call(action, args);
    if (!answer.success) {
      assert.fail(`${action} answered ${answer.error.code}`);
    }
    return record(answer.data);
  }

  /** The code of an error answer; fails the test on success. */
  async code(action: string, args: Record<string, unknown> = {}): Promise<string> {
    const answer = await this.call(action, args);
    if (answer.success) assert.fail(`${action} succeeded; an error was expected`);
    return answer.error.code;
  }

  /** The whole error of an error answer. */
  async error(action: string, args: Record<string, unknown> = {}) {
    const answer = await this.call(action, args);
    if (answer.success) assert.fail(`${action} succeeded; an error was expected`);
    return answer.error;
  }

  /** Close the port and wait for the exit code. */
  async close(): Promise<number> {
    await this.host.closeStdin();
    return (await this.host.result()).code;
  }
}

/**
 * Run `test` against a `leash-desk` over a fresh world (changed by
 * `change`), then close the port: the host must end with exit code 0.
 */
export async function withDesk(
  test: (desk: DeskProcess, world: DeskWorld) => Promise<void>,
  change?: Parameters<typeof deskWorld>[0],
): Promise<void> {
  const world = await deskWorld(change);
  const desk = new DeskProcess(world);
  try {
    await test(desk, world);
    assert.equal(await desk.close(), 0, "leash-desk exits 0 when the port closes");
  } finally {
    await desk.close();
    await world.dispose();
  }
}

/** Add a second workspace, the folder `name` beside `ws`, to `policy`; hands back its ID. */
export function siblingWorkspace(
  policy: DeskPolicy,
  ws: string,
  options: { name: string; id: string; webAgentContext?: boolean },
): string {
  const path = join(ws, "..", options.name);
  Deno.mkdirSync(path, { recursive: true });
  policy.workspaces.push({
    id: options.id,
    name: options.name,
    path,
    webAgentContext: options.webAgentContext ?? false,
  });
  return options.id;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` as a record of a response; fails the test when it is not one. */
export function record(value: unknown): Record<string, unknown> {
  assert.ok(isRecord(value), `expected an object, got ${JSON.stringify(value)}`);
  return value;
}

/** `value` as a list of records of a response; fails the test when it is not one. */
export function records(value: unknown): Record<string, unknown>[] {
  assert.ok(Array.isArray(value), `expected an array, got ${JSON.stringify(value)}`);
  return value.map(record);
}

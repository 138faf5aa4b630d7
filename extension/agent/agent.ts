/**
 * An Agent tab: the person names a web agent page, starts a run —
 * browser-only, or with read-only context from one workspace that opted
 * in — and watches what the run read (rounds, files, characters) until
 * they stop it. The framed page reaches DeskBridge only through this tab:
 * it posts `web_agent_context` requests, which go out only while a
 * workspace-context run is live, only from the frame this tab made and
 * only from the origin the person named. Page text is only ever set as
 * text.
 *
 * @module
 */
import "../jitless.ts";
import * as z from "zod/mini";
import { agentPortName, type AgentReply } from "../agent_messages.ts";

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`Cannot find element: #${id}`);
  return found;
}

const status = element("status", HTMLElement);
const form = element("run-form", HTMLFormElement);
const agentUrl = element("agent-url", HTMLInputElement);
const workspace = element("workspace", HTMLSelectElement);
const stop = element("stop", HTMLButtonElement);
const start = element("start", HTMLButtonElement);
const rounds = element("rounds", HTMLElement);
const characters = element("characters", HTMLElement);
const files = element("files", HTMLUListElement);
const frameHost = element("frame-host", HTMLElement);

const ReplySchema = z.strictObject({
  type: z.literal("desk-reply"),
  id: z.string(),
  response: z.optional(z.unknown()),
  unreachable: z.optional(z.literal(true)),
});

const ResponseSchema = z.object({
  success: z.boolean(),
  data: z.optional(z.unknown()),
  error: z.optional(z.object({ code: z.string(), message: z.string() })),
});

const ContextAskSchema = z.strictObject({
  type: z.literal("web_agent_context"),
  requests: z.array(z.record(z.string(), z.unknown())).check(z.maxLength(8)),
});

const port = chrome.runtime.connect({ name: agentPortName });
const waiting = new Map<string, (reply: AgentReply) => void>();
let next = 0;

port.onMessage.addListener((message: unknown) => {
  const reply = ReplySchema.safeParse(message);
  if (!reply.success) return;
  const resolve = waiting.get(reply.data.id);
  waiting.delete(reply.data.id);
  resolve?.({ ...reply.data, type: "desk-reply" });
});

function ask(action: string, args: Record<string, unknown>) {
  const id = `a${++next}`;
  return new Promise<z.infer<typeof ResponseSchema> | undefined>((resolve) => {
    waiting.set(id, (reply) => {
      const parsed = ResponseSchema.safeParse(reply.response);
      resolve(parsed.success ? parsed.data : undefined);
    });
    port.postMessage({ type: "desk", id, action, arguments: args });
  });
}

function field(data: unknown, name: string): unknown {
  return typeof data === "object" && data !== null ? Reflect.get(data, name) : undefined;
}

interface Run {
  runId: string;
  mode: string;
  origin: string;
  frame: HTMLIFrameElement;
  characters: number;
  files: Set<string>;
}

let run: Run | undefined;

async function loadStatus(): Promise<void> {
  const answer = await ask("get_status", {});
  if (answer === undefined || !answer.success) {
    status.textContent = "DeskBridge is not reachable: install it with leash install.";
    return;
  }
  const list = field(answer.data, "workspaces");
  workspace.replaceChildren();
  for (const entry of Array.isArray(list) ? list : []) {
    if (field(entry, "webAgentContext") !== true) continue;
    const option = document.createElement("option");
    option.value = String(field(entry, "id"));
    option.textContent = String(field(entry, "name"));
    workspace.append(option);
  }
  status.textContent = workspace.options.length === 0
    ? "DeskBridge is ready; no workspace offers web agent context."
    : "DeskBridge is ready.";
}

function showAudit(current: Run, round: unknown): void {
  rounds.textContent = String(typeof round === "number" ? round : 0);
  characters.textContent = String(current.characters);
  files.replaceChildren(...[...current.files].map((path) => {
    const item = document.createElement("li");
    item.textContent = path;
    return item;
  }));
}

async function answerFrame(event: MessageEvent): Promise<void> {
  const current = run;
  if (current === undefined || event.source !== current.frame.contentWindow) return;
  if (event.origin !== current.origin) return;
  const asked = ContextAskSchema.safeParse(event.data);
  if (!asked.success) return;
  const reply = (body: unknown) => current.frame.contentWindow?.postMessage(body, current.origin);
  if (current.mode !== "workspace-context") {
    reply({ type: "web_agent_context_result", success: false, error: "browser-only run" });
    return;
  }
  const answer = await ask("web_agent_context", {
    runId: current.runId,
    requests: asked.data.requests,
  });
  if (answer === undefined || !answer.success) {
    reply({ type: "web_agent_context_result", success: false, error: answer?.error?.code });
    return;
  }
  const used = field(answer.data, "characters");
  current.characters += typeof used === "number" ? used : 0;
  const results = field(answer.data, "results");
  for (const result of Array.isArray(results) ? results : []) {
    const path = field(result, "path");
    if (field(result, "type") === "read_file" && typeof field(result, "content") === "string") {
      current.files.add(String(path));
    }
  }
  showAudit(current, field(answer.data, "round"));
  reply({ type: "web_agent_context_result", success: true, data: answer.data });
}

async function startRun(): Promise<void> {
  if (run !== undefined || !URL.canParse(agentUrl.value)) return;
  const url = new URL(agentUrl.value);
  if (url.protocol !== "https:" && url.protocol !== "http:") return;
  const mode = new FormData(form).get("mode") === "workspace-context"
    ? "workspace-context"
    : "browser-only";
  const args = mode === "workspace-context" ? { mode, workspace: workspace.value } : { mode };
  const answer = await ask("web_agent_start", args);
  const runId = field(answer?.data, "runId");
  if (answer === undefined || !answer.success || typeof runId !== "string") {
    status.textContent = `The run did not start (${
      answer?.error?.code ?? "DeskBridge unreachable"
    }).`;
    return;
  }
  const frame = document.createElement("iframe");
  frame.sandbox.add("allow-scripts", "allow-same-origin", "allow-forms");
  frame.src = url.href;
  run = { runId, mode, origin: url.origin, frame, characters: 0, files: new Set() };
  frameHost.replaceChildren(frame);
  showAudit(run, 0);
  status.textContent = `Run ${runId} started (${mode}).`;
  start.disabled = true;
  stop.disabled = false;
}

async function stopRun(): Promise<void> {
  const current = run;
  if (current === undefined) return;
  run = undefined;
  current.frame.remove();
  const answer = await ask("web_agent_stop", { runId: current.runId });
  status.textContent = answer?.success === true ? "Run stopped." : "Run ended.";
  start.disabled = false;
  stop.disabled = true;
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  void startRun();
});
stop.addEventListener("click", () => void stopRun());
globalThis.addEventListener("message", (event) => void answerFrame(event));
void loadStatus();

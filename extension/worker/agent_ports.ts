/**
 * The worker's side of the Agent tabs: only our Agent tab page may connect;
 * each message is validated strictly (a malformed one disconnects the port)
 * and its arguments against the action's own schema (arguments the host
 * would refuse are answered `INVALID_REQUEST` here, for the person's sake;
 * the host checks again), then passed to DeskBridge; the runs a tab started
 * are stopped when the tab closes its port, so no run outlives the page
 * the person watches.
 *
 * @module
 */
import { deskArgumentSchemas, webAgentArgumentSchemas } from "../../contracts/desk/actions.ts";
import { deskError } from "../../contracts/desk/envelope.ts";
import { isRecord } from "../../contracts/json.ts";
import {
  type AgentReply,
  type AgentRequest,
  AgentRequestSchema,
  isAgentPage,
} from "../agent_messages.ts";
import type { DeskLink } from "./desk_link.ts";
import type { UiPort } from "./ui_ports.ts";

/** Connected Agent tab ports. */
export class AgentPorts {
  readonly #extensionId: string;
  readonly #desk: DeskLink;
  readonly #onDiagnostic: (event: string) => void;

  constructor(options: {
    extensionId: string;
    desk: DeskLink;
    onDiagnostic?: (event: string) => void;
  }) {
    this.#extensionId = options.extensionId;
    this.#desk = options.desk;
    this.#onDiagnostic = options.onDiagnostic ?? (() => {});
  }

  /** A port opened from a page; refused (disconnected) unless it is an Agent tab. */
  accept(port: UiPort): void {
    if (!isAgentPage(port.name, port.sender, this.#extensionId)) {
      this.#onDiagnostic("agent-port-refused");
      port.disconnect();
      return;
    }
    const runs = new Set<string>();
    let open = true;
    port.onDisconnect.addListener(() => {
      open = false;
      for (const runId of runs) void this.#desk.call("web_agent_stop", { runId });
      runs.clear();
    });
    port.onMessage.addListener(async (message) => {
      const parsed = AgentRequestSchema.safeParse(message);
      if (!parsed.success) {
        this.#onDiagnostic("agent-message-invalid");
        port.disconnect();
        return;
      }
      const request = parsed.data;
      const response = argumentsValid(request)
        ? await this.#desk.call(request.action, request.arguments)
        : deskError(null, "INVALID_REQUEST");
      if (response?.success === true) {
        const runId = request.action === "web_agent_stop"
          ? request.arguments.runId
          : isRecord(response.data)
          ? response.data.runId
          : undefined;
        if (typeof runId === "string" && request.action === "web_agent_start") runs.add(runId);
        if (typeof runId === "string" && request.action === "web_agent_stop") runs.delete(runId);
      }
      const reply: AgentReply = response === undefined
        ? { type: "desk-reply", id: request.id, unreachable: true }
        : { type: "desk-reply", id: request.id, response };
      if (open) port.postMessage(reply);
    });
  }
}

function argumentsValid(request: AgentRequest): boolean {
  const schema = request.action === "get_status"
    ? deskArgumentSchemas.get_status
    : webAgentArgumentSchemas[request.action];
  return schema.safeParse(request.arguments).success;
}

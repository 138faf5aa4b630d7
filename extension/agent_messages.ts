/**
 * The messages between an Agent tab (the extension's own page where the
 * person starts a run) and the service worker, which alone holds the port
 * to DeskBridge's host. The page may ask for the status (to list the
 * workspaces that opted in) and send the `web_agent_*` messages, nothing
 * else; the worker validates every message with these strict schemas and
 * checks that the port comes from the Agent tab page.
 *
 * @module
 */
import * as z from "zod/mini";

/** The Agent tab's port name. */
export const agentPortName = "leash.agent";

/** The Agent tab page, relative to the extension root. */
export const agentPagePath = "/agent/agent.html";

/** What an Agent tab may ask DeskBridge for. */
export const agentActions = [
  "get_status",
  "web_agent_start",
  "web_agent_context",
  "web_agent_stop",
] as const;

/** Agent tab → worker: one request for DeskBridge. */
export const AgentRequestSchema = z.strictObject({
  type: z.literal("desk"),
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  action: z.enum(agentActions),
  arguments: z.record(z.string(), z.unknown()),
});

/** Agent tab → worker: one request for DeskBridge. */
export type AgentRequest = z.infer<typeof AgentRequestSchema>;

/** Worker → Agent tab: DeskBridge's answer, or that DeskBridge could not be reached. */
export interface AgentReply {
  type: "desk-reply";
  id: string;
  /** DeskBridge's response as it came, validated by the worker. */
  response?: unknown;
  /** Set when there is no response: the host is not installed or went away. */
  unreachable?: true;
}

/** Whether a port named `name` from `sender` is our Agent tab page. */
export function isAgentPage(
  name: string,
  sender: { id?: string; url?: string } | undefined,
  extensionId: string,
): boolean {
  if (name !== agentPortName || sender?.id !== extensionId || sender.url === undefined) {
    return false;
  }
  if (!URL.canParse(sender.url)) return false;
  const url = new URL(sender.url);
  return url.protocol === "chrome-extension:" && url.host === extensionId &&
    url.pathname === agentPagePath;
}

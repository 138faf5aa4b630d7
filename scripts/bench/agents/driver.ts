/**
 * What the agents benchmark asks of every tool, so Leash and the baselines
 * run the same steps: open a page (untimed), observe it, find a button's
 * ref, click it, navigate to the page again.
 *
 * @module
 */
import type { ToolReply } from "./mcp_stdio.ts";

/** A button's ref, and what finding it cost beyond the last observation. */
export interface FoundRef {
  ref: string;
  /** Replies the agent had to read to find it, besides the observations measured. */
  extra: ToolReply[];
}

/** One MCP browser tool driven by the benchmark; pages are named by a key of the caller's. */
export interface Driver {
  /** Who this is, e.g. `@playwright/mcp 0.0.83`. */
  readonly label: string;
  /** The tool calls used for observe and click, for notes. */
  readonly steps: { observe: string; click: string; navigate: string };
  /**
   * Whether the navigate reply shows the model the new page. Where it does
   * not, the model reads it with an observe next: "navigate and look"
   * times both.
   */
  readonly navigateShowsPage: boolean;
  /** Navigate or claim: make `url` the page `key` names. Not timed. */
  open(key: string, url: string): Promise<void>;
  /** Observe page `key` the tool's default way; the reply is what the agent reads. */
  observe(key: string): Promise<ToolReply>;
  /** The ref of the button named exactly `name` on page `key`, after at least one observe. */
  findButton(key: string, name: string): Promise<FoundRef>;
  /** Click `ref` on page `key`; the reply is whatever the tool returns for a click. */
  click(key: string, ref: string): Promise<ToolReply>;
  /** Navigate page `key` to `url` again; the reply is whatever the tool returns for it. */
  navigate(key: string, url: string): Promise<ToolReply>;
  /** Close the server and its browser. */
  close(): Promise<void>;
}

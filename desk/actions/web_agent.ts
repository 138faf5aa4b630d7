/**
 * The Agent tabs' internal messages. The host keeps the run table and mints
 * run IDs; `web_agent_context` is served only inside a live
 * workspace-context run of this connection on a workspace whose opt-in
 * still holds, and every limit of {@linkcode webAgentLimits} is applied
 * before anything is returned: files through the one path rule
 * (sensitive ones refused), listing and search skipping ignored and
 * sensitive entries, bytes, lines, entries, matches, characters and rounds
 * bounded, with `truncated` wherever something was left out.
 *
 * @module
 */
import type { WebAgentArguments, WebAgentContextRequest } from "../../contracts/desk/actions.ts";
import { deskErrorCodes, DeskFailure } from "../../contracts/desk/codes.ts";
import { webAgentLimits } from "../../contracts/desk/limits.ts";
import type { DeskWorkspace } from "../../local/desk_policy.ts";
import type { DeskCall } from "../context.ts";
import { readTarget } from "../paths/file_io.ts";
import { existingFolder, resolvePath } from "./targets.ts";
import { walkFolder } from "../paths/walk.ts";
import type { Run } from "../runs.ts";

/** `web_agent_start`: a new run; workspace-context only on a workspace that opted in. */
export function webAgentStart(args: WebAgentArguments<"web_agent_start">, call: DeskCall) {
  let workspace: DeskWorkspace | undefined;
  if (args.mode === "workspace-context") {
    workspace = call.policy.workspaces.find((candidate) => candidate.id === args.workspace);
    if (workspace === undefined) throw new DeskFailure("WORKSPACE_VIOLATION");
    if (!workspace.webAgentContext) throw new DeskFailure("PERMISSION_DENIED");
  }
  const run = call.context.runs.start(args.mode, workspace?.id, call.context.now());
  if (run === undefined) throw new DeskFailure("ACTION_NOT_ALLOWED", { reason: "too-many-runs" });
  return Promise.resolve({
    runId: run.id,
    mode: run.mode,
    workspace: workspace === undefined ? null : { id: workspace.id, name: workspace.name },
    limits: webAgentLimits,
  });
}

/** `web_agent_stop`: the run ends; what it read is reported once more. */
export function webAgentStop(args: WebAgentArguments<"web_agent_stop">, call: DeskCall) {
  const run = call.context.runs.get(args.runId, call.context.now());
  if (run === undefined || !call.context.runs.stop(args.runId)) {
    throw new DeskFailure("ACTION_NOT_ALLOWED", { reason: "no-such-run" });
  }
  return Promise.resolve({ runId: run.id, stopped: true, ...usage(run) });
}

function usage(run: Run) {
  return { rounds: run.rounds, filesRead: run.filesRead, characters: run.characters };
}

/** What one call may still return. */
class Budget {
  characters: number = webAgentLimits.charactersPerCall;
  matches: number = webAgentLimits.matchesPerCall;

  /** Take `text`'s characters if they fit; false (taking nothing) when they do not. */
  take(text: string): boolean {
    if (text.length > this.characters) return false;
    this.characters -= text.length;
    return true;
  }
}

interface Reading {
  call: DeskCall;
  workspace: DeskWorkspace;
  run: Run;
  budget: Budget;
}

async function listDirectory(
  request: Extract<WebAgentContextRequest, { type: "list_directory" }>,
  reading: Reading,
) {
  const { call, workspace, budget } = reading;
  const target = await existingFolder(call, workspace.id, request.path ?? ".", "read");
  const walked = await walkFolder(target, {
    depth: request.depth ?? 1,
    limit: webAgentLimits.entriesPerList,
  });
  const entries = [];
  let truncated = walked.truncated;
  for (const entry of walked.entries) {
    if (!budget.take(entry.path)) {
      truncated = true;
      break;
    }
    entries.push(entry);
  }
  return {
    type: request.type,
    path: target.relative,
    entries,
    truncated,
    skipped: { sensitive: walked.sensitive, ignored: walked.ignored },
  };
}

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The file's text, or a reason it is not served (too large, not text). */
async function fileText(
  call: DeskCall,
  workspace: DeskWorkspace,
  path: string,
): Promise<{ relative: string; size: number; text?: string; skipped?: string }> {
  const target = await resolvePath(call, workspace.id, path, "read");
  const file = await readTarget(target, webAgentLimits.fileBytesMax + 1);
  if (file.size > webAgentLimits.fileBytesMax) {
    return { relative: target.relative, size: file.size, skipped: "file-too-large" };
  }
  try {
    return { relative: target.relative, size: file.size, text: strict.decode(file.bytes) };
  } catch {
    return { relative: target.relative, size: file.size, skipped: "not-text" };
  }
}

async function readFileRequest(
  request: Extract<WebAgentContextRequest, { type: "read_file" }>,
  reading: Reading,
) {
  const { call, workspace, run, budget } = reading;
  const file = await fileText(call, workspace, request.path);
  if (file.text === undefined) {
    return { type: request.type, path: file.relative, size: file.size, skipped: file.skipped };
  }
  run.filesRead++;
  const lines = file.text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  const startLine = request.startLine ?? 1;
  const maxLines = request.maxLines ?? webAgentLimits.linesPerRead;
  const wanted = lines.slice(startLine - 1, startLine - 1 + maxLines);
  let truncated = startLine - 1 + wanted.length < lines.length;
  const kept: string[] = [];
  for (const line of wanted) {
    if (!budget.take(`${line}\n`)) {
      truncated = true;
      break;
    }
    kept.push(line);
  }
  return {
    type: request.type,
    path: file.relative,
    size: file.size,
    startLine,
    lineCount: kept.length,
    totalLines: lines.length,
    content: kept.length === 0 ? "" : `${kept.join("\n")}\n`,
    truncated,
  };
}

async function searchWorkspace(
  request: Extract<WebAgentContextRequest, { type: "search_workspace" }>,
  reading: Reading,
) {
  const { call, workspace, budget } = reading;
  const start = await existingFolder(call, workspace.id, request.path ?? ".", "read");
  const walked = await walkFolder(start, {
    depth: Number.MAX_SAFE_INTEGER,
    limit: webAgentLimits.filesPerSearch,
  });
  const query = request.query.toLowerCase();
  let allowed = Math.min(request.maxResults ?? webAgentLimits.matchesPerCall, budget.matches);
  const matches: { path: string; line: number; text: string }[] = [];
  let truncated = walked.truncated;
  let filesSearched = 0;
  search: for (const entry of walked.entries) {
    if (entry.type !== "file" || (entry.size ?? 0) > webAgentLimits.fileBytesMax) continue;
    let file;
    try {
      file = await fileText(call, workspace, entry.path);
    } catch (error) {
      if (error instanceof DeskFailure) continue;
      throw error;
    }
    if (file.text === undefined) continue;
    filesSearched++;
    const lines = file.text.split(/\r?\n/);
    for (let index = 0; index < lines.length; index++) {
      if (!lines[index].toLowerCase().includes(query)) continue;
      const text = lines[index].slice(0, webAgentLimits.matchLineChars);
      if (allowed === 0 || !budget.take(file.relative + text)) {
        truncated = true;
        break search;
      }
      allowed--;
      budget.matches--;
      matches.push({ path: file.relative, line: index + 1, text });
    }
  }
  return { type: request.type, query: request.query, matches, filesSearched, truncated };
}

async function answer(request: WebAgentContextRequest, reading: Reading) {
  switch (request.type) {
    case "workspace_info":
      return {
        type: request.type,
        workspace: { id: reading.workspace.id, name: reading.workspace.name },
        roundsLeft: webAgentLimits.roundsPerRun - reading.run.rounds,
        limits: webAgentLimits,
      };
    case "list_directory":
      return await listDirectory(request, reading);
    case "read_file":
      return await readFileRequest(request, reading);
    case "search_workspace":
      return await searchWorkspace(request, reading);
  }
}

/** `web_agent_context`: up to 8 reads of the run's workspace, one round of the run's 20. */
export async function webAgentContext(
  args: WebAgentArguments<"web_agent_context">,
  call: DeskCall,
) {
  const now = call.context.now();
  const run = call.context.runs.get(args.runId, now);
  if (run === undefined || run.mode !== "workspace-context") {
    throw new DeskFailure("ACTION_NOT_ALLOWED", { reason: "no-workspace-context-run" });
  }
  const workspace = call.policy.workspaces.find((candidate) => candidate.id === run.workspaceId);
  if (workspace === undefined || !workspace.webAgentContext) {
    throw new DeskFailure("PERMISSION_DENIED", { reason: "opt-in-withdrawn" });
  }
  if (run.rounds >= webAgentLimits.roundsPerRun) {
    throw new DeskFailure("ACTION_NOT_ALLOWED", { reason: "rounds-used" });
  }
  run.rounds++;
  run.lastUsed = now;
  const budget = new Budget();
  const reading: Reading = { call, workspace, run, budget };
  const results = [];
  for (const request of args.requests) {
    try {
      results.push(await answer(request, reading));
    } catch (error) {
      if (!(error instanceof DeskFailure)) throw error;
      results.push({
        type: request.type,
        error: { code: error.code, message: deskErrorCodes[error.code] },
      });
    }
  }
  const characters = webAgentLimits.charactersPerCall - budget.characters;
  run.characters += characters;
  return {
    runId: run.id,
    round: run.rounds,
    roundsLeft: webAgentLimits.roundsPerRun - run.rounds,
    characters,
    results,
    usage: usage(run),
  };
}

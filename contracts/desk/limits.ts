/**
 * DeskBridge's limits, each with the default the host applies and, where a
 * request may ask for less, the most it may ask for. `docs/deskbridge.md`
 * lists them; the host's tests hit each one exactly at its bound.
 *
 * @module
 */

/** Limits of the Files and Projects actions. */
export const deskFileLimits = {
  /** Bytes `read_file` returns by default; more is cut and flagged `truncated`. */
  readBytesDefault: 256 * 1024,
  /** The most bytes a `read_file` may ask for (base64 of it still fits one frame). */
  readBytesMax: 512 * 1024,
  /** Entries `list_folder` returns by default and at most. */
  listEntriesDefault: 200,
  listEntriesMax: 500,
  /** Folder levels `list_folder` descends at most. */
  listDepthMax: 8,
  /** Largest file `patch_file` edits. */
  patchFileBytesMax: 4 * 1024 * 1024,
  /** Edits in one `patch_file`. */
  patchEditsMax: 64,
  /** Characters of unified diff returned; a longer diff is cut and flagged. */
  diffCharsMax: 200_000,
  /** Template files in one `create_project`, changes in one `update_project`. */
  projectChangesMax: 64,
  /** Where an ambiguous patch target is, by line: at most this many lines named. */
  matchLinesNamed: 20,
} as const;

/** Limits of an Agent tab's `web_agent_context`, applied by the host before anything returns. */
export const webAgentLimits = {
  /** Requests in one `web_agent_context` call. */
  requestsPerCall: 8,
  /** `web_agent_context` calls in one run. */
  roundsPerRun: 20,
  /** A run with no call for this long is over. */
  idleMs: 30 * 60 * 1000,
  /** Largest file a `read_file` request reads, or `search_workspace` searches. */
  fileBytesMax: 256 * 1024,
  /** Lines one `read_file` request returns. */
  linesPerRead: 400,
  /** Entries one `list_directory` request returns. */
  entriesPerList: 500,
  /** Folder levels `list_directory` descends at most. */
  listDepthMax: 8,
  /** Matches all `search_workspace` requests of one call return together. */
  matchesPerCall: 100,
  /** Files one `search_workspace` request looks at. */
  filesPerSearch: 5_000,
  /** Characters of paths, names and text one call returns in total. */
  charactersPerCall: 100_000,
  /** Characters of one search match's line. */
  matchLineChars: 300,
} as const;

/**
 * The clipboard on Windows through PowerShell: two fixed scripts with no
 * caller data in them. Reading refuses content carrying the formats
 * Windows defines for excluding a copy from monitors and history
 * (`ExcludeClipboardContentFromMonitorProcessing`, and
 * `CanIncludeInClipboardHistory` set to 0), and returns the text base64
 * encoded so no console code page can alter it; writing reads the text
 * from stdin as UTF-8.
 *
 * @module
 */
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { runTool } from "../desktop/mod.ts";
import {
  type BackendParts,
  type ClipboardBackend,
  type ClipboardContent,
  writeThrough,
} from "./backend.ts";

const readScript = [
  "$ErrorActionPreference = 'Stop'",
  "Add-Type -AssemblyName System.Windows.Forms",
  "$d = [System.Windows.Forms.Clipboard]::GetDataObject()",
  "if ($null -eq $d) { 'EMPTY'; exit 0 }",
  "if ($d.GetDataPresent('ExcludeClipboardContentFromMonitorProcessing')) { 'CONCEALED'; exit 0 }",
  "$h = $d.GetData('CanIncludeInClipboardHistory')",
  "if ($h -is [System.IO.MemoryStream] -and $h.Length -ge 1 -and $h.ToArray()[0] -eq 0) { 'CONCEALED'; exit 0 }",
  "if (-not $d.GetDataPresent([System.Windows.Forms.DataFormats]::UnicodeText)) { 'EMPTY'; exit 0 }",
  "$t = [string]$d.GetData([System.Windows.Forms.DataFormats]::UnicodeText)",
  "'TEXT:' + [Convert]::ToBase64String([System.Text.Encoding]::UTF8.GetBytes($t))",
].join("\n");

const writeScript = [
  "$ErrorActionPreference = 'Stop'",
  "$in = [System.IO.StreamReader]::new([Console]::OpenStandardInput(), [System.Text.UTF8Encoding]::new($false))",
  "$t = $in.ReadToEnd()",
  "Add-Type -AssemblyName System.Windows.Forms",
  "if ($t.Length -eq 0) { [System.Windows.Forms.Clipboard]::Clear() } else { [System.Windows.Forms.Clipboard]::SetText($t) }",
].join("\n");

const powershell = ["-NoProfile", "-NonInteractive", "-STA", "-Command"];

async function readWindows(parts: BackendParts, maxBytes: number): Promise<ClipboardContent> {
  const read = await runTool(
    {
      executable: parts.tools["powershell.exe"],
      args: [...powershell, readScript],
      timeoutMs: parts.timeoutMs,
      // Base64 of a few times the cap: the rest is cut below like any long text.
      maxOutputBytes: Math.ceil(maxBytes * 4 / 3) * 4 + 64,
    },
    parts.session,
  );
  if (read.exitCode !== 0 || read.overflow) throw new DeskFailure("EXECUTION_FAILED");
  const answer = new TextDecoder().decode(read.stdout).trim();
  if (answer === "CONCEALED") return { kind: "concealed" };
  if (!answer.startsWith("TEXT:")) return { kind: "empty" };
  const bytes = Uint8Array.fromBase64(answer.slice(5));
  return {
    kind: "text",
    bytes: bytes.subarray(0, maxBytes),
    encoding: "utf-8",
    overflow: bytes.length > maxBytes,
  };
}

/** PowerShell reads and writes. */
export function windowsClipboard(parts: BackendParts): ClipboardBackend {
  return {
    read: (maxBytes) => readWindows(parts, maxBytes),
    write: (text) =>
      writeThrough(parts, {
        executable: parts.tools["powershell.exe"],
        args: [...powershell, writeScript],
        leavesOwner: false,
      }, text),
  };
}

/**
 * The screen and the active window on Windows through PowerShell: fixed
 * scripts with no caller data in them. The screen (every monitor) is
 * copied into a bitmap and returned as base64 PNG; the active window comes
 * from user32 (`GetForegroundWindow`, its text, rectangle and process), as
 * base64 JSON, so no console code page can alter a title.
 *
 * @module
 */
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { runTool } from "../desktop/mod.ts";
import { type BackendParts, parseWindow, type WindowsBackend } from "./backend.ts";

const captureScript = [
  "$ErrorActionPreference = 'Stop'",
  "Add-Type -AssemblyName System.Windows.Forms, System.Drawing",
  "$b = [System.Windows.Forms.SystemInformation]::VirtualScreen",
  "$bmp = New-Object System.Drawing.Bitmap $b.Width, $b.Height",
  "$g = [System.Drawing.Graphics]::FromImage($bmp)",
  "$g.CopyFromScreen($b.Left, $b.Top, 0, 0, $bmp.Size)",
  "$ms = New-Object System.IO.MemoryStream",
  "$bmp.Save($ms, [System.Drawing.Imaging.ImageFormat]::Png)",
  "[Convert]::ToBase64String($ms.ToArray())",
].join("\n");

const windowScript = [
  "$ErrorActionPreference = 'Stop'",
  "Add-Type @'",
  "using System; using System.Runtime.InteropServices; using System.Text;",
  "public static class LeashDeskWindow {",
  "  [StructLayout(LayoutKind.Sequential)] public struct RECT { public int Left, Top, Right, Bottom; }",
  '  [DllImport("user32.dll")] public static extern IntPtr GetForegroundWindow();',
  '  [DllImport("user32.dll", CharSet = CharSet.Unicode)] public static extern int GetWindowText(IntPtr h, StringBuilder s, int n);',
  '  [DllImport("user32.dll")] public static extern uint GetWindowThreadProcessId(IntPtr h, out uint pid);',
  '  [DllImport("user32.dll")] public static extern bool GetWindowRect(IntPtr h, out RECT r);',
  "}",
  "'@",
  "$h = [LeashDeskWindow]::GetForegroundWindow()",
  "if ($h -eq [IntPtr]::Zero) { $json = '{\"active\":false}' } else {",
  "  $s = New-Object System.Text.StringBuilder 1024",
  "  [void][LeashDeskWindow]::GetWindowText($h, $s, 1024)",
  "  $p = [uint32]0; [void][LeashDeskWindow]::GetWindowThreadProcessId($h, [ref]$p)",
  "  $r = New-Object LeashDeskWindow+RECT; [void][LeashDeskWindow]::GetWindowRect($h, [ref]$r)",
  "  $app = $null; try { $app = (Get-Process -Id $p).ProcessName } catch {}",
  "  $id = $null; if ($p -gt 0) { $id = [int]$p }",
  "  $json = ConvertTo-Json -Compress ([ordered]@{ active = $true; title = $s.ToString(); app = $app; pid = $id;",
  "    bounds = [ordered]@{ x = $r.Left; y = $r.Top; width = $r.Right - $r.Left; height = $r.Bottom - $r.Top } })",
  "}",
  "[Convert]::ToBase64String([System.Text.Encoding]::UTF8.GetBytes($json))",
].join("\n");

const powershell = ["-NoProfile", "-NonInteractive", "-Command"];

/** PowerShell for both. */
export function powershellWindows(parts: BackendParts): WindowsBackend {
  const run = (script: string, maxOutputBytes: number) =>
    runTool(
      {
        executable: parts.tools["powershell.exe"],
        args: [...powershell, script],
        timeoutMs: parts.timeoutMs,
        maxOutputBytes,
      },
      parts.session,
    );
  return {
    async captureScreen(maxBytes) {
      const shot = await run(captureScript, Math.ceil(maxBytes / 3) * 4 + 16);
      if (shot.overflow) throw new DeskFailure("IMAGE_PROCESSING_FAILED", { reason: "size" });
      if (shot.exitCode !== 0) throw new DeskFailure("EXECUTION_FAILED", { reason: "capture" });
      return Uint8Array.fromBase64(new TextDecoder().decode(shot.stdout).trim());
    },
    async activeWindow() {
      const asked = await run(windowScript, 64 * 1024);
      if (asked.exitCode !== 0) throw new DeskFailure("EXECUTION_FAILED", { reason: "window" });
      const encoded = new TextDecoder().decode(asked.stdout).trim();
      return parseWindow(new TextDecoder().decode(Uint8Array.fromBase64(encoded)));
    },
  };
}

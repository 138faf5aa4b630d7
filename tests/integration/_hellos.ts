/**
 * Hello payloads exactly as the spec writes them, with a real token.
 *
 * @module
 */
import { isServed } from "../../contracts/capabilities.ts";
import type { AuthenticatedProviderHello } from "../../contracts/hello.ts";

/**
 * The spec's client hello as written. It requires frames and batches, which
 * this build declares but does not serve, so the Broker refuses it with
 * `PROTOCOL_MISMATCH`.
 */
export function specClientHelloAsWritten(token: string): Record<string, unknown> {
  return {
    bootstrap: 1,
    versions: [1],
    role: "client",
    token,
    journalKey: "a".repeat(64),
    requiredCapabilities: [
      "runtime.v1",
      "runtime.personal-tab-scope.v1",
      "observe.query.v1",
      "journal.recovery.v1",
      "runtime.check.v1",
      "runtime.wheel.v1",
      "runtime.radio.v1",
      "runtime.capture-publication.v1",
      "runtime.contenteditable-fill.v1",
      "runtime.append.v1",
      "runtime.element-state.v1",
      "runtime.batch.v1",
      "runtime.page.v1",
      "runtime.frames.v1",
      "observe.frame.v1",
      "runtime.frame-click.v1",
      "observe.frame-query.v1",
      "observe.frame-subtree.v1",
      "observe.frame-page.v1",
    ],
  };
}

/**
 * The spec's client hello with its requirements narrowed to what this build
 * serves: what a current client of this build says.
 */
export function specClientHello(token: string): Record<string, unknown> {
  const hello = specClientHelloAsWritten(token);
  const required = hello.requiredCapabilities;
  if (!Array.isArray(required)) throw new TypeError("Cannot narrow a hello without requirements");
  return { ...hello, requiredCapabilities: required.filter((name) => isServed(String(name))) };
}

/** The spec's provider hello after the Native Host injected `token`. */
export function specProviderHello(
  token: string,
  instanceId = "opaque-instance",
): AuthenticatedProviderHello {
  return {
    bootstrap: 1,
    versions: [1],
    role: "provider",
    capabilities: [
      "lease.fencing.v1",
      "lease.tab-scope.v1",
      "ax.read.v1",
      "ax.find.v1",
      "input.named-keys.v1",
      "scroll.dom.v1",
      "ax.checked-state.v1",
      "input.wheel.v1",
      "input.radio.v1",
      "ax.editable-state.v1",
      "ax.page.v1",
      "page.settle.v1",
      "input.dialog.v1",
      "input.frame-input.v1",
      "tab.open.v1",
      "page.console.v1",
      "page.network.v1",
      "ax.search.v1",
      "frame.sessions.v1",
      "ax.frame.v1",
      "input.frame-click.v1",
      "ax.frame-find.v1",
      "ax.frame-subtree.v1",
      "ax.frame-page.v1",
      "ax.frame-text.v1",
    ],
    requiredCapabilities: ["runtime.v1", "provider.ax-read.v1", "provider.ax-find.v1"],
    instance: {
      id: instanceId,
      family: "chromium",
      brand: "chrome",
      version: "browser user agent",
      profileLabel: "User-authorized profile",
    },
    token,
  };
}

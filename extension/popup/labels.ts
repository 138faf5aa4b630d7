/**
 * The popup's wording for the connection and for lease times.
 *
 * @module
 */
import type { ConnectionView } from "../messages.ts";

/** The connection line: state, and the Broker's access mode once known. */
export function connectionLabel(view: ConnectionView, now: number): string {
  switch (view.status) {
    case "connected":
      return view.mode === "personal" ? "Connected · personal mode" : "Connected";
    case "connecting":
      return "Connecting to Leash…";
    case "disconnected": {
      if (view.retryAt === null) return "Not connected";
      const seconds = Math.max(0, Math.ceil((view.retryAt - now) / 1000));
      return seconds > 0 ? `Not connected · retrying in ${seconds} s` : "Not connected · retrying";
    }
  }
}

/** "since 14:05" today, or with the date on another day. */
export function sinceLabel(since: number, now: number): string {
  const granted = new Date(since);
  const time = granted.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const sameDay = granted.toDateString() === new Date(now).toDateString();
  return sameDay ? `since ${time}` : `since ${granted.toLocaleDateString()} ${time}`;
}

/** "for 42 more min" or "for 7 h 5 min more": how long a standing grant still lasts. */
export function untilLabel(expiresAt: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((expiresAt - now) / 60_000));
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h left` : `${hours} h ${rest} min left`;
}

/**
 * The toolbar badge: the number of live leases, so the person always sees
 * that something holds a tab.
 *
 * @module
 */

/** The badge text for `count` live leases: nothing when there are none. */
export function badgeText(count: number): string {
  if (count <= 0) return "";
  return count > 99 ? "99+" : String(count);
}

/** Show `count` on the toolbar button. */
export async function showLeaseCount(count: number): Promise<void> {
  await Promise.all([
    chrome.action.setBadgeText({ text: badgeText(count) }),
    chrome.action.setBadgeBackgroundColor({ color: "#2f5d62" }),
    chrome.action.setTitle({
      title: count === 0 ? "Leash" : `Leash: ${count} live lease${count === 1 ? "" : "s"}`,
    }),
  ]);
}

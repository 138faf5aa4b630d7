/**
 * The tab-listing rule: what a caller of `browser.tabs` may see of each tab.
 * Titles and URLs appear only where the access mode permits discovery
 * (personal mode); an opener only when it is one of the caller's leased
 * tabs (a popup of the leased page), in either mode, so a page's popup can
 * be found and claimed even where nothing else of the tabs is shown. A URL is always redacted
 * (`contracts/redact.ts`): in the leased view for a tab the caller holds a
 * lease on and for a tab such a tab opened (a popup of the leased page),
 * in the unleased view for every other tab. The extension applies it to
 * what it lists and the Broker applies it again to what it relays, so a
 * listing shows no more than this rule allows even if one side errs.
 *
 * @module
 */
import { type TabInfo, UrlSchema } from "./methods/mod.ts";
import { redactUrl } from "./redact.ts";

/** Who asks for a listing. */
export interface TabViewer {
  /** Whether the access mode permits discovery: titles and URLs of tabs. */
  discovery: boolean;
  /** The wire IDs of the tabs the caller holds a live lease on. */
  leasedTabs: ReadonlySet<string>;
}

/**
 * `tabs` as `viewer` may see them. An opener is kept only when it is one of
 * the viewer's leased tabs; a URL that no longer fits the wire once
 * redacted is left out.
 *
 * @example
 * ```ts
 * const tabs = [
 *   { tab: "i:1", active: true, url: "https://app.example/?page=2" },
 *   { tab: "i:2", active: false, url: "https://idp.example/auth?page=2", openedBy: "i:1" },
 *   { tab: "i:3", active: false, url: "https://mail.example/?page=2" },
 * ];
 * redactTabs(tabs, { discovery: true, leasedTabs: new Set(["i:1"]) });
 * // i:1 and i:2 keep `page=2`; i:3 shows "https://mail.example/?page=[redacted]"
 * ```
 */
export function redactTabs(tabs: readonly TabInfo[], viewer: TabViewer): TabInfo[] {
  return tabs.map((tab) => {
    const shown: TabInfo = { tab: tab.tab, active: tab.active };
    const opener = tab.openedBy !== undefined && viewer.leasedTabs.has(tab.openedBy)
      ? tab.openedBy
      : undefined;
    if (!viewer.discovery) {
      if (opener !== undefined) shown.openedBy = opener;
      return shown;
    }
    if (tab.title !== undefined) shown.title = tab.title;
    if (tab.url !== undefined) {
      const leased = viewer.leasedTabs.has(tab.tab) || opener !== undefined;
      const url = redactUrl(tab.url, leased ? "leased" : "unleased");
      if (UrlSchema.safeParse(url).success) shown.url = url;
    }
    if (opener !== undefined) shown.openedBy = opener;
    return shown;
  });
}

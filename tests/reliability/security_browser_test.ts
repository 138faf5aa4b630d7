/**
 * The security requirements that need a real browser (DESIGN.md 6, 8 and
 * 9), attacked with hostile pages in real Chromium with the built extension:
 *
 * 1. The approval window: input in its first 500 ms, pages that try to
 *    reach, load, script or message it, a copy of it in a tab, and a page
 *    that leaves its origin while its claim waits. Only the person's own
 *    input, after the window armed, decides. Clients that dress up their
 *    name and reason (bidi controls, invisible characters, line breaks,
 *    names posing as Leash): the window shows each escaped, bounded and
 *    labelled as what the client says it is, and no name posing as Leash
 *    reaches it.
 * 2. Hit tests: overlays, pointer-events tricks, an invisible frame of
 *    another origin, buttons renamed or swapped, and layers that slide over
 *    the target when the pointer arrives. A click lands on its target or
 *    nowhere.
 * 3. Page injection: instructions, fake refs, fake lease IDs and line
 *    breaks in text and labels; scripts that message the extension, fake
 *    events, open popups and leave the origin. The lease never widens, and
 *    nothing of another origin or tab reaches the agent.
 *
 * Each part prints one figure line. CI and stress runs differ only in how
 * often the racing cases repeat.
 *
 * @module
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { LeashClient } from "../../broker/client/client.ts";
import type { Action } from "../../contracts/methods/mod.ts";
import type { Lease } from "../../contracts/methods/common.ts";
import type { Observation } from "../../contracts/methods/mod.ts";
import {
  approvalUrl,
  type ClaimOnScreen,
  leaseTab,
  noBrowser,
  settledFlag,
  startWorld,
  until,
  type World,
} from "../e2e/harness.ts";
import type { CdpPage } from "../support/cdp.ts";
import { serveFixtures } from "../support/serve.ts";
import {
  approvalTargets,
  attach,
  clickAtPoint,
  clickOn,
  outcomeOf,
  popupClients,
  popupLeases,
  pressKey,
  quotingProblems,
  read,
} from "./_hostile.ts";
import { figure, sized } from "./_size.ts";

/** How often a racing case repeats: a decoy that flickers over the target. */
const flickerTries = sized(4, 60);
/** How often a page leaves its origin while the agent observes it without pause. */
const leaveRounds = sized(1, 8);

const encode = encodeURIComponent;

// ---------------------------------------------------------------------------------------------
// 1. The approval window
// ---------------------------------------------------------------------------------------------

/** A claim waiting in the approval window, with a test-side session on the window. */
interface WaitingClaim {
  claim: Promise<Lease>;
  settled: () => boolean;
  shown: ClaimOnScreen;
  screen: CdpPage;
}

/** Claim `tab` and wait until the approval window shows it. */
async function claimOnScreen(
  world: World,
  client: LeashClient,
  tab: string,
  sessionId: string,
): Promise<WaitingClaim> {
  const claim = client.call("browser.claim", {
    sessionId,
    instance: world.instance.id,
    tab,
    clientName: "e2e-agent",
  });
  claim.catch(() => {});
  const settled = settledFlag(claim);
  const shown = await world.person.nextClaim();
  const screen = await attach(world, shown.targetId);
  return { claim, settled, shown, screen };
}

/** The approval window's `data-armed` now. */
async function armedNow(screen: CdpPage): Promise<string> {
  return String(await read(screen, "document.querySelector('main')?.dataset.armed"));
}

/** End a claim a round left behind, whatever became of it. */
async function endClaim(client: LeashClient, waiting: WaitingClaim): Promise<void> {
  if (!waiting.settled() && await waiting.shown.shown()) await waiting.shown.answer("deny");
  const lease = await waiting.claim.catch(() => undefined);
  if (lease !== undefined) {
    await client.call("browser.release", { sessionId: lease.sessionId, leaseId: lease.leaseId });
  }
}

/** Input a person might send by accident, or a page might hope for, as the window appears. */
const earlyInput: ReadonlyArray<[string, (screen: CdpPage) => Promise<void>]> = [
  ["click on Allow", (screen) => clickOn(screen, "#allow")],
  ["double click on Allow", (screen) => clickOn(screen, "#allow", 2)],
  ["Enter", (screen) => pressKey(screen, "Enter")],
  ["Space", (screen) => pressKey(screen, "Space")],
  ["Tab Enter", async (screen) => {
    await pressKey(screen, "Tab");
    await pressKey(screen, "Enter");
  }],
  ["Tab Tab Enter", async (screen) => {
    await pressKey(screen, "Tab");
    await pressKey(screen, "Tab");
    await pressKey(screen, "Enter");
  }],
  ["Tab Space", async (screen) => {
    await pressKey(screen, "Tab");
    await pressKey(screen, "Space");
  }],
];

/** Input that lands on a claim queued behind one the person just allowed with a click. */
const queuedInput: ReadonlyArray<[string, (screen: CdpPage) => Promise<void>]> = [
  ["Enter", (screen) => pressKey(screen, "Enter")],
  ["Space", (screen) => pressKey(screen, "Space")],
  ["click on Allow", (screen) => clickOn(screen, "#allow")],
];

/**
 * Send `attacks` to a claim that has just appeared. Returns false when the
 * window armed before the last one was sent (a slow machine): then a late
 * attack may have counted as the person's own input, and the round proves
 * nothing. DevTools input is acknowledged after the page handled it, so a
 * window still unarmed afterwards had every attack in its first 500 ms.
 */
async function attackUnarmed(
  waiting: WaitingClaim,
  attacks: ReadonlyArray<[string, (screen: CdpPage) => Promise<void>]>,
): Promise<boolean> {
  if (await armedNow(waiting.screen) !== "false") return false;
  for (const [, attack] of attacks) await attack(waiting.screen);
  return await armedNow(waiting.screen) === "false";
}

/** Rounds a slow machine may take before the first 500 ms of a window are caught. */
const maxRounds = 3;

Deno.test({
  name: "no page can approve a claim, and the approval window ignores input in its first 500 ms",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    const landing = world.fixtures.otherOriginUrl("hostile_landing.html");
    const query = `?approval=${encode(approvalUrl)}&leave=${encode(landing)}`;
    const claimed = await world.openTab(world.fixtures.url(`hostile_claim.html${query}`));
    const bystander = await world.openTab(
      world.fixtures.otherOriginUrl(`hostile_claim.html${query}`),
    );
    const refused: Record<string, number> = {};
    const count = (kind: string, n = 1) => refused[kind] = (refused[kind] ?? 0) + n;

    // Input in the window's first 500 ms decides nothing.
    let waiting: WaitingClaim | undefined;
    for (let round = 1; waiting === undefined; round++) {
      const candidate = await claimOnScreen(world, client, claimed.tab, `early-${round}`);
      if (await attackUnarmed(candidate, earlyInput)) {
        waiting = candidate;
        break;
      }
      await endClaim(client, candidate);
      if (round === maxRounds) {
        throw new Error(
          `Cannot reach the window's first 500 ms in ${maxRounds} rounds: ` +
            "it was armed when first seen or before the attacks ended (does it still wait 500 ms?)",
        );
      }
    }
    assert.equal(waiting.settled(), false, "early input decided the claim");
    assert.equal(await waiting.shown.shown(), true, "early input took the claim off screen");
    count("early input", earlyInput.length);

    // The page's title, markup and all, is shown as text.
    const [elements, shownTitle] = await readPair(
      waiting.screen,
      "[document.getElementById('tab-title').childElementCount, " +
        "document.getElementById('tab-title').textContent]",
    );
    assert.equal(elements, 0, "the tab title made elements in the approval window");
    assert.equal(shownTitle, await read(claimed.page, "document.title"));
    count("title markup");

    // The claimed page and a page of another origin try every way a page has to the window.
    for (const { page } of [claimed, bystander]) {
      const lines = await read(
        page,
        `window.tryApproval(${JSON.stringify(approvalUrl)}, ${JSON.stringify(extensionIdOf())})`,
      );
      assert.ok(Array.isArray(lines) && lines.length === 6, JSON.stringify(lines));
      for (const line of lines) assert.match(String(line), /: refused \(/);
      count("page attempts", lines.length);
    }
    // With a person's click on the page, popups are allowed: the approval URL is blocked there.
    let windows = 0;
    for (const { page } of [claimed, bystander]) {
      await page.send("Page.bringToFront");
      await clickAtPoint(page, 20, 20);
      const opened = await until("the page's popups", async () => {
        const list = await read(page, "window.opened");
        return Array.isArray(list) && list.length === 4 ? list.map(String) : undefined;
      });
      assert.ok(!opened.includes("clicked Allow"), opened.join(", "));
      windows += opened.filter((entry) => entry === "opened").length;
      count("window.open", 2);
    }
    // Every window a page opened at the approval URL has settled on Chrome's block page.
    const copies = await until("the pages' windows to settle", async () => {
      const found = (await approvalTargets(world)).filter(({ targetId }) =>
        targetId !== waiting.shown.targetId
      );
      return found.length === windows && found.every(({ href }) => href !== "about:blank")
        ? found
        : undefined;
    });
    for (const { targetId, href } of copies) {
      assert.notEqual(href, approvalUrl, "a page loaded the approval page");
      await world.person.closeTarget(targetId);
    }

    // Even a copy of the approval page in a tab (no page can open one) cannot decide.
    await copyCannotDecide(world, waiting);
    count("copy in a tab");

    // The person's own keys, once the window armed, do decide: Tab reaches Deny, Enter presses it.
    await waiting.shown.waitArmed();
    world.person.answered(waiting.shown.claimId);
    await pressKey(waiting.screen, "Tab");
    await pressKey(waiting.screen, "Enter", { mayClose: true });
    await assert.rejects(waiting.claim, (error) => isLeashError(error, "CLAIM_DENIED"));

    // A claim queued behind one the person just allowed gets its own first 500 ms.
    let focus = "";
    for (let round = 1;; round++) {
      const first = await claimOnScreen(world, client, claimed.tab, `first-${round}`);
      const queued = client.call("browser.claim", {
        sessionId: `queued-${round}`,
        instance: world.instance.id,
        tab: bystander.tab,
        clientName: "e2e-agent",
      });
      queued.catch(() => {});
      await until(
        "the second claim in the queue",
        async () =>
          String(await read(first.screen, "document.getElementById('queue-count').textContent"))
              .includes("of 2")
            ? true
            : undefined,
      );
      await first.shown.answer("allow");
      const lease = await first.claim;
      const shown = await world.person.nextClaim();
      const second: WaitingClaim = {
        claim: queued,
        settled: settledFlag(queued),
        shown,
        screen: first.screen,
      };
      focus = String(await read(second.screen, "document.activeElement?.id || 'body'"));
      const conclusive = await attackUnarmed(second, queuedInput);
      if (conclusive) {
        assert.equal(second.settled(), false, "input on the queued claim decided it");
        assert.equal(await shown.shown(), true);
        count("queued claim input", queuedInput.length);
      }
      await endClaim(client, second);
      if (conclusive) await assert.rejects(queued, (error) => isLeashError(error, "CLAIM_DENIED"));
      await client.call("browser.release", { sessionId: lease.sessionId, leaseId: lease.leaseId });
      if (conclusive) break;
      if (round === maxRounds) {
        throw new Error(`Cannot reach a queued claim's first 500 ms in ${maxRounds} rounds`);
      }
    }

    // A page that leaves its origin while its claim waits gets no lease, even when allowed.
    const switched = await claimOnScreen(world, client, claimed.tab, "switch");
    await read(claimed.page, "window.leave()");
    await until(
      "the claimed page to leave its origin",
      async () => String(await read(claimed.page, "location.href")) === landing ? true : undefined,
    );
    await switched.shown.answer("allow");
    await assert.rejects(switched.claim, (error) => isLeashError(error, "ORIGIN_CHANGED"));
    count("origin switch while waiting");

    assert.deepEqual(await popupLeases(world), [], "a lease is left over");
    const total = Object.values(refused).reduce((sum, n) => sum + n, 0);
    figure(
      "security browser approval window",
      `${total} attacks refused, 0 accepted (${
        Object.entries(refused).map(([kind, n]) => `${kind} ${n}`).join(", ")
      }; focus on the queued claim: ${focus}); the person's own Tab Enter and clicks decided, ` +
        `lost: nothing`,
    );
  },
});

/** A claim the window must show, and what the person must see of it. */
interface HostileClaim {
  sent: { clientName: string; mcpClientName?: string; reason?: string };
  seen: { client: string; program: string; reason: string };
}

/** Names and reasons that try to hide, reorder or break what the person reads. */
const hostileClaims: readonly HostileClaim[] = [
  {
    sent: {
      clientName: "Helper\u202e (system check)\u202c",
      reason: "line one\nline two\u2028three\u2029four\r\n",
    },
    seen: {
      client: "Helper\\u202E (system check)\\u202C",
      program: "",
      reason: "line one\\u000Aline two\\u2028three\\u2029four\\u000D\\u000A",
    },
  },
  {
    sent: {
      clientName: "\u2066evil\u2069 agent\u2067x\u2068y",
      mcpClientName: "claude\u200dcode\u200b",
      reason: "Zero\u200bwidth\u200cjoin\u200ders\u2060\ufeff\u00ad done",
    },
    seen: {
      client: "\\u2066evil\\u2069 agent\\u2067x\\u2068y",
      program: "claude\\u200Dcode\\u200B",
      reason: "Zero\\u200Bwidth\\u200Cjoin\\u200Ders\\u2060\\uFEFF\\u00AD done",
    },
  },
  {
    sent: {
      clientName: `x${"\u202e".repeat(63)}`,
      mcpClientName: "codex",
      reason: "\u0007\u001b[2J".repeat(40),
    },
    seen: {
      client: `x${"\\u202E".repeat(10)}…`,
      program: "codex",
      reason: `${"\\u0007\\u001B[2J".repeat(13)}…`,
    },
  },
];

/** Names that pass for Leash itself: the Broker refuses each before any window opens. */
const posingNames = [
  "Leash",
  "LEASH (official)",
  "Le\u200bash",
  "Leash\u202e (system check)\u202c",
  "L\u0435\u0430\u0455\u04bb",
  "\uff2c\uff45\uff41\uff53\uff48",
  "Claude for Leash",
];

/** What the window shows, and whether any of it still hides or reorders text. */
const windowText = `(() => {
  const text = (id) => document.getElementById(id)?.textContent ?? "";
  const shown = ["heading", "client-name", "client-program-name", "tab-title", "reason"]
    .map((id) => text(id)).join("");
  const box = document.querySelectorAll("#heading .name");
  return {
    hidden: [...shown].filter((char) => /[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]/u.test(char))
      .map((char) => char.codePointAt(0)),
    box: box.length === 1 ? box[0].textContent : null,
    boxBidi: box.length === 1 ? getComputedStyle(box[0]).unicodeBidi : null,
    unverified: document.getElementById("client-unverified")?.hidden === false
      ? text("client-unverified").replace(/\\s+/g, " ").trim()
      : "",
  };
})()`;

Deno.test({
  name:
    "the approval window shows what a client says it is, escaped, and never a name posing as Leash",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    const { tab } = await world.openTab(world.fixtures.url("form.html"));

    for (const clientName of posingNames) {
      for (const names of [{ clientName }, { clientName: "agent", mcpClientName: clientName }]) {
        const outcome = await outcomeOf(client.call("browser.claim", {
          sessionId: "posing",
          instance: world.instance.id,
          tab,
          ...names,
        }));
        assert.equal(outcome, "INVALID_PARAMS", JSON.stringify(names));
      }
    }
    assert.equal(world.person.approvalWindowsOpened, 0, "a posing name reached the person");

    let shown = 0;
    for (const [index, { sent, seen }] of hostileClaims.entries()) {
      const claim = client.call("browser.claim", {
        sessionId: `hostile-${index}`,
        instance: world.instance.id,
        tab,
        ...sent,
      });
      claim.catch(() => {});
      const onScreen = await world.person.nextClaim();
      assert.deepEqual(
        {
          heading: onScreen.text.heading,
          client: onScreen.text.client,
          program: onScreen.text.program,
          reason: onScreen.text.reason,
        },
        {
          heading: `Allow a client that says it is ${seen.client} to use this tab?`,
          ...seen,
        },
        JSON.stringify(sent),
      );
      assert.ok(onScreen.text.client.length <= 64, onScreen.text.client);
      assert.ok(onScreen.text.reason.length <= 200, onScreen.text.reason);
      const screen = await attach(world, onScreen.targetId);
      assert.deepEqual(await read(screen, windowText), {
        hidden: [],
        box: seen.client,
        boxBidi: "isolate",
        unverified:
          "Leash cannot verify these names: any program running under your account can give any name.",
      });
      await onScreen.answer("deny");
      await assert.rejects(claim, (error) => isLeashError(error, "CLAIM_DENIED"));
      shown++;
    }

    // Allowed, the lease is listed in the toolbar popup under the same escaped name.
    const [{ sent, seen }] = hostileClaims;
    const allowed = client.call("browser.claim", {
      sessionId: "allowed",
      instance: world.instance.id,
      tab,
      ...sent,
    });
    await world.person.approve();
    const lease = await allowed;
    assert.deepEqual(await popupClients(world), [seen.client]);
    await client.call("browser.release", { sessionId: "allowed", leaseId: lease.leaseId });

    assert.deepEqual(await popupLeases(world), [], "a lease is left over");
    figure(
      "security browser client names",
      `${posingNames.length * 2} names posing as Leash refused before any window opened, ` +
        `${shown} hostile names and reasons shown escaped and bounded, boxed, marked unverified ` +
        `(and escaped in the popup's lease list); ` +
        `invisible or reordering characters on screen: 0`,
    );
  },
});

/** `[a, b]` read from `page`. */
async function readPair(page: CdpPage, expression: string): Promise<[unknown, unknown]> {
  const value = await read(page, expression);
  assert.ok(Array.isArray(value) && value.length === 2, JSON.stringify(value));
  return [value[0], value[1]];
}

/** The extension's ID, as a page would learn it (it is public: the manifest key fixes it). */
function extensionIdOf(): string {
  return new URL(approvalUrl).host;
}

/**
 * Open the approval page in a tab, let it arm, press its Allow: the worker
 * must take no decision from a page outside the window it opened.
 */
async function copyCannotDecide(world: World, waiting: WaitingClaim): Promise<void> {
  const created = await world.cdp.send("Target.createTarget", { url: approvalUrl });
  assert.equal(typeof created.targetId, "string");
  const targetId = String(created.targetId);
  try {
    const copy = await attach(world, targetId);
    await until("the copy to show the claim, armed", async () =>
      await read(
          copy,
          `document.querySelector('main')?.dataset.claimId === ${
            JSON.stringify(waiting.shown.claimId)
          } && document.querySelector('main')?.dataset.armed === "true"`,
        ) === true
        ? true
        : undefined);
    await clickOn(copy, "#allow");
    // The copy took the click (it disarms until the worker answers), so it was real input.
    assert.equal(await armedNow(copy), "false", "the copy ignored the click");
    // The worker answers with the unchanged queue, and the copy arms again; nothing was decided.
    await until(
      "the worker's answer to the copy",
      async () => waiting.settled() || await armedNow(copy) === "true" ? true : undefined,
    );
    assert.equal(waiting.settled(), false, "a copy of the approval page decided the claim");
    assert.equal(await waiting.shown.shown(), true);
  } finally {
    await world.person.closeTarget(targetId);
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Hit tests
// ---------------------------------------------------------------------------------------------

/** Where a click went, as `hostile_hit.html` counted it. */
interface Landed {
  target: number;
  decoy: number;
  overlay: number;
  frame: number;
  /** Clicks on the stage around the target: the browser's answer to a press moved mid-click. */
  ancestor: number;
  /** Every mousedown the page saw: 0 means no press was dispatched to it. */
  downs: number;
  /** How often the page's attack fired. */
  armed: number;
}

/** What must become of a click on `hostile_hit.html?case=…`. */
type HitExpectation =
  /** The click lands on the target, once. */
  | "clicked"
  /** Refused with `TARGET_COVERED`, nothing dispatched. */
  | "covered"
  /** Refused with `STALE_TARGET`, nothing dispatched. */
  | "stale"
  /**
   * The page changes only once the pointer arrives: the click may be refused
   * or end `uncertain`, but it must not land anywhere but on the target.
   */
  | "not elsewhere";

/** One attack of `hostile_hit.html` and what must become of the click. */
interface HitCase {
  /** The page's `?case=`. */
  attack: string;
  /** Which origin the framed page comes from, for the frame cases. */
  frame?: "cross-site" | "same-site";
  expect: HitExpectation;
}

const hitCases: readonly HitCase[] = [
  { attack: "clean", expect: "clicked" },
  { attack: "transparent", expect: "covered" },
  { attack: "opacity", expect: "covered" },
  { attack: "pointer-events", expect: "covered" },
  { attack: "nested-pointer-events", expect: "covered" },
  { attack: "iframe", frame: "cross-site", expect: "covered" },
  { attack: "iframe", frame: "same-site", expect: "covered" },
  { attack: "rename", expect: "stale" },
  { attack: "swap", expect: "stale" },
  { attack: "hover", expect: "not elsewhere" },
  { attack: "hover-pointer-events", expect: "not elsewhere" },
  { attack: "hover-iframe", frame: "same-site", expect: "not elsewhere" },
  { attack: "hover-iframe", frame: "cross-site", expect: "not elsewhere" },
  { attack: "press", expect: "not elsewhere" },
];

const refusals = new Set(["TARGET_COVERED", "TARGET_NOT_INTERACTABLE", "STALE_TARGET"]);

/** Why `outcome` and `landed` break `expect`, or undefined when they keep it. */
function hitProblem(expect: HitExpectation, outcome: string, landed: Landed): string | undefined {
  const stray = landed.decoy + landed.overlay + landed.frame;
  switch (expect) {
    case "clicked":
      return landed.target === 1 && stray === 0 && outcome.startsWith("status:") &&
          outcome !== "status:uncertain"
        ? undefined
        : "the clean click did not land once on its target";
    case "covered":
    case "stale": {
      const code = outcome === (expect === "covered" ? "TARGET_COVERED" : "STALE_TARGET");
      const untouched = landed.downs === 0 && landed.target + stray + landed.ancestor === 0;
      return code && untouched ? undefined : "not refused before any input";
    }
    case "not elsewhere":
      if (stray > 0) return "the click landed on what slid over the target";
      if (landed.target > 1) return "the target was clicked more than once";
      return refusals.has(outcome) || outcome.startsWith("status:")
        ? undefined
        : `unexpected outcome ${outcome}`;
  }
}

/** One try: open the attack, lease it, observe, click "Cancel subscription", see where it went. */
async function clickThrough(
  world: World,
  client: LeashClient,
  frames: Record<"cross-site" | "same-site", string>,
  hit: HitCase,
  sessionId: string,
): Promise<{ outcome: string; landed: Landed }> {
  const frame = hit.frame === undefined ? "" : `&frame=${encode(frames[hit.frame])}`;
  const opened = await world.openTab(
    world.fixtures.url(`hostile_hit.html?case=${hit.attack}${frame}`),
  );
  try {
    if (hit.frame !== undefined) {
      await until(
        "the framed page",
        async () =>
          await read(opened.page, "window.frameReady === true") === true ? true : undefined,
      );
    }
    const lease = await leaseTab(world, client, opened.tab, { sessionId });
    const handle = { sessionId, leaseId: lease.leaseId };
    const seen = await client.call("browser.observe", handle);
    const ref = seen.nodes.find((node) => node.name === "Cancel subscription")?.ref;
    assert.ok(typeof ref === "string", seen.text);
    // The page's own timer fires between the observation and the click.
    await read(opened.page, "window.strike?.()");
    const outcome = await outcomeOf(client.call("browser.act", {
      ...handle,
      requestId: crypto.randomUUID(),
      documentEpoch: seen.documentEpoch,
      action: { kind: "click", ref },
      // A cover in place for good is refused on the first look as after the whole wait.
      ...(hit.expect === "covered" ? { timeoutMs: 0 } : {}),
    }));
    if (hit.frame !== undefined) {
      // A click inside the frame reaches the page as a message: let one arrive if there is one.
      await read(opened.page, "new Promise((resolve) => setTimeout(resolve, 250))");
    }
    const landed = await read(
      opened.page,
      "({ ...window.counts, downs: window.downs, armed: window.armed })",
    );
    assert.ok(typeof landed === "object" && landed !== null && !Array.isArray(landed));
    await client.call("browser.release", handle);
    return {
      outcome,
      landed: {
        target: Number(landed.target),
        decoy: Number(landed.decoy),
        overlay: Number(landed.overlay),
        frame: Number(landed.frame),
        ancestor: Number(landed.ancestor),
        downs: Number(landed.downs),
        armed: Number(landed.armed),
      },
    };
  } finally {
    await opened.page.close().catch(() => {});
  }
}

Deno.test({
  name: "a hit-tested click lands on its target or nowhere, whatever the page stacks over it",
  ignore: noBrowser,
  fn: async (t) => {
    await using world = await startWorld({ accessMode: "personal" });
    // Another port of 127.0.0.1: same site, another origin, so its frame runs in the page's process.
    await using sameSite = await serveFixtures();
    const frames = {
      "cross-site": world.fixtures.otherOriginUrl("hostile_frame.html"),
      "same-site": sameSite.url("hostile_frame.html"),
    };
    const client = await world.client();
    const rows: string[] = [];
    let refused = 0;
    let clean = 0;
    let elsewhere = 0;
    let tries = 0;
    /** Run `cases`; resolve with what broke their expectations. */
    const run = async (cases: readonly HitCase[]): Promise<string[]> => {
      const problems: string[] = [];
      for (const hit of cases) {
        const { outcome, landed } = await clickThrough(
          world,
          client,
          frames,
          hit,
          `hit-${tries++}`,
        );
        const name = hit.frame === undefined ? hit.attack : `${hit.attack} (${hit.frame})`;
        const stray = landed.decoy + landed.overlay + landed.frame;
        rows.push(`${name} ${outcome}${stray > 0 ? " LANDED ON THE DECOY" : ""}`);
        elsewhere += stray > 0 ? 1 : 0;
        const problem = hitProblem(hit.expect, outcome, landed);
        if (problem !== undefined) problems.push(`${name}: ${problem} (${JSON.stringify(landed)})`);
        if (hit.expect === "clicked") clean += landed.target;
        else if (refusals.has(outcome) || outcome === "status:uncertain") refused++;
      }
      return problems;
    };

    await t.step(
      "covers, see-through tricks and changed targets are refused before any input",
      async () => {
        assert.deepEqual(await run(hitCases.filter((hit) => hit.expect !== "not elsewhere")), []);
      },
    );
    await t.step(
      "a layer that slides over the target as the pointer arrives gets no click",
      async () => {
        assert.deepEqual(await run(hitCases.filter((hit) => hit.expect === "not elsewhere")), []);
      },
    );

    // A decoy that covers the target on three frames of four: hit test and press race it.
    const flicker = { refused: 0, target: 0, decoy: 0, nowhere: 0 };
    for (let attempt = 0; attempt < flickerTries; attempt++) {
      const { outcome, landed } = await clickThrough(world, client, frames, {
        attack: "flicker",
        expect: "not elsewhere",
      }, `flicker-${attempt}`);
      if (refusals.has(outcome)) flicker.refused++;
      else if (landed.decoy > 0) flicker.decoy++;
      else if (landed.target > 0) flicker.target++;
      else flicker.nowhere++;
    }

    figure(
      "security browser hit tests",
      `${hitCases.length - 1} hostile pages: ${refused} refused, ${clean} clean click counted, ` +
        `${elsewhere} clicks landed on what covered the target [${rows.join("; ")}]; ` +
        `flicker race (not asserted): ${flickerTries} tries, ${flicker.refused} refused, ` +
        `${flicker.target} on the target, ${flicker.decoy} on the decoy, ` +
        `${flicker.nowhere} nowhere; lost: ${elsewhere === 0 ? "nothing" : `${elsewhere} clicks`}`,
    );
  },
});

// ---------------------------------------------------------------------------------------------
// 3. Page injection
// ---------------------------------------------------------------------------------------------

/** What the page of another origin says; nothing the agent receives may ever contain it. */
const otherOriginMarker = "OTHER-ORIGIN-LANDING";

/** Everything the agent received, to search for the other origin's content at the end. */
class Received {
  readonly texts: string[] = [];

  /** Keep `value`'s JSON and return it. */
  keep<T>(value: T): T {
    this.texts.push(JSON.stringify(value));
    return value;
  }

  /** Whether anything received so far contains `marker`. */
  includes(marker: string): boolean {
    return this.texts.some((text) => text.includes(marker));
  }
}

/** Observe, keeping what came back, and check its page text is quoted data. */
async function observeChecked(
  client: LeashClient,
  handle: { sessionId: string; leaseId: string },
  received: Received,
): Promise<Observation> {
  const seen = received.keep(await client.call("browser.observe", handle));
  assert.deepEqual(quotingProblems(seen.text, seen.nodes), [], seen.text);
  return seen;
}

/** Navigations a page's text might talk the agent into, each outside the lease's origin. */
function outOfScopeUrls(world: World): string[] {
  const port = world.fixtures.port;
  return [
    world.fixtures.otherOriginUrl("hostile_landing.html"),
    `http://127.0.0.1:${port}@localhost:${port}/hostile_landing.html`,
    `http://localhost.:${port}/hostile_landing.html`,
    `http://127.0.0.2:${port}/hostile_landing.html`,
    `http://[::1]:${port}/hostile_landing.html`,
    `http://127.0.0.1:${port === 65535 ? 1 : port + 1}/hostile_landing.html`,
    `https://127.0.0.1:${port}/hostile_inject.html`,
    `//localhost:${port}/hostile_landing.html`,
    "javascript:location.assign('http://localhost/')",
    approvalUrl,
    "file:///etc/passwd",
    "data:text/html,<h1>hi</h1>",
  ];
}

Deno.test({
  name: "nothing in a page widens its lease or reaches another origin or tab",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    const received = new Received();
    const landing = world.fixtures.otherOriginUrl("hostile_landing.html");
    const pageUrl = world.fixtures.url(`hostile_inject.html?other=${encode(landing)}`);
    const opened = await world.openTab(pageUrl);
    const lease = await leaseTab(world, client, opened.tab, { sessionId: "s" });
    const handle = { sessionId: "s", leaseId: lease.leaseId };
    const origin = world.fixtures.origin;
    assert.deepEqual(lease.scope, { kind: "origin", origin });
    const tries: Record<string, number> = {};
    const tried = (kind: string, n = 1) => tries[kind] = (tries[kind] ?? 0) + n;

    const seen = await observeChecked(client, handle, received);
    tried("text and labels");
    const pageAttempts = await read(opened.page, "window.attempts");
    assert.ok(Array.isArray(pageAttempts) && pageAttempts.length > 0);
    tried("page scripts", pageAttempts.length);

    // Refs, lease IDs and epochs that only the page's text names are nobody's.
    const realRefs = new Set(seen.nodes.flatMap((node) => node.ref === null ? [] : [node.ref]));
    const fakeRefs = [...new Set([...seen.text.matchAll(/ref=(e\d+)/g)].map((match) => match[1]))]
      .filter((ref) => !realRefs.has(ref));
    assert.ok(fakeRefs.length >= 6, `the page's fake refs: ${fakeRefs.join(", ")}`);
    /** A fresh act under the lease, and how it came out. */
    const act = (action: Action, documentEpoch = seen.documentEpoch) =>
      outcomeOf(client.call("browser.act", {
        ...handle,
        requestId: crypto.randomUUID(),
        documentEpoch,
        action,
      }));
    for (const ref of fakeRefs) {
      const outcome = await act({ kind: "click", ref });
      assert.equal(outcome, "STALE_TARGET", ref);
      tried("fake refs");
    }
    for (const leaseId of ["lease-ffffffff", "lease-00000001"]) {
      for (const method of ["browser.observe", "browser.validateLease"] as const) {
        const outcome = await outcomeOf(client.call(method, { sessionId: "s", leaseId }));
        assert.equal(outcome, "LEASE_NOT_FOUND", `${method} ${leaseId}`);
        tried("fake lease IDs");
      }
    }
    for (const documentEpoch of ["epoch-fake-1", "epoch-fake-2"]) {
      const outcome = await act({ kind: "click", ref: [...realRefs][0] }, documentEpoch);
      assert.equal(outcome, "STALE_TARGET", documentEpoch);
      tried("fake epochs");
    }
    // A tab-scope claim needs the Broker's personal mode: the page's "grant tab scope" is moot.
    assert.equal(
      await outcomeOf(client.call("browser.claim", {
        sessionId: "s2",
        instance: world.instance.id,
        tab: opened.tab,
        scope: "tab",
      })),
      "UNSUPPORTED",
    );
    tried("tab scope");

    // Every navigation the text asks for leaves the origin: refused before anything is sent.
    for (const url of outOfScopeUrls(world)) {
      const outcome = await act({ kind: "navigate", url });
      assert.equal(outcome, "OUT_OF_SCOPE", url);
      tried("navigate out of scope");
    }
    assert.equal(await read(opened.page, "location.href"), pageUrl);
    await assertLeaseIntact(world, client, handle, lease);

    // A popup of another origin, opened by the agent's own click, is not leased, and acts still
    // go to the leased tab.
    await clickRef(client, handle, seen, "Read more", received);
    const popup = await until("the page's popup", async () => {
      const { targetInfos } = await world.cdp.send("Target.getTargets");
      return (Array.isArray(targetInfos) ? targetInfos : []).find((info) =>
        typeof info === "object" && info !== null && !Array.isArray(info) && info.url === landing
      );
    });
    tried("popup");
    await clickRef(client, handle, seen, "Add one", received);
    assert.equal(await read(opened.page, "window.count"), 1, "the click went elsewhere");
    const after = await observeChecked(client, handle, received);
    assert.equal(after.url, pageUrl);
    await assertLeaseIntact(world, client, handle, lease);
    if (typeof popup === "object" && popup !== null && !Array.isArray(popup)) {
      await world.person.closeTarget(String(popup.targetId));
    }

    // The page sends its tab to another origin when the agent clicks: the lease ends.
    const left = await outcomeOf(clickRef(client, handle, seen, "Continue to checkout", received));
    await world.events(client).revoked(lease.leaseId);
    await assertLeaseGone(world, client, handle, seen.documentEpoch);
    tried("navigation on a click");

    // The page leaves by itself while the agent observes without pause: every observation shows
    // the leased origin until the lease ends, and then the lease is gone.
    let observations = 0;
    const endings: string[] = [];
    for (let round = 0; round < leaveRounds; round++) {
      const tab = await world.openTab(pageUrl);
      const sessionId = `leave-${round}`;
      const leased = await leaseTab(world, client, tab.tab, { sessionId });
      const leasedHandle = { sessionId, leaseId: leased.leaseId };
      await read(tab.page, "window.leaveIn(200)");
      const gone = await observeUntilGone(client, leasedHandle, received, origin);
      endings.push(gone.code);
      observations += gone.observations;
      await world.events(client).revoked(leased.leaseId);
      await assertLeaseGone(world, client, leasedHandle, undefined);
      assert.equal(
        new URL(String(await read(tab.page, "location.href"))).origin,
        new URL(landing).origin,
      );
      tried("self-navigation");
      await tab.page.close();
    }

    assert.equal(received.includes(otherOriginMarker), false, "the other origin's page leaked");
    assert.deepEqual(await popupLeases(world), []);
    const total = Object.values(tries).reduce((sum, n) => sum + n, 0);
    figure(
      "security browser page injection",
      `${total} attempts (${
        Object.entries(tries).map(([kind, n]) => `${kind} ${n}`).join(", ")
      }), lease unchanged until the page left its origin, then ended with lease-revoked ` +
        `(the click that left: ${left}; ${observations} observations raced the page's own ` +
        `navigation, ended by ${[...new Set(endings)].join("/")}); other origin's text seen ` +
        `by the agent: none, lost: nothing`,
    );
  },
});

/**
 * Observe `handle` without pause until the lease is gone; every observation
 * must show `origin` and keep page text quoted. Resolves with the code that
 * ended it and how many observations came before.
 */
async function observeUntilGone(
  client: LeashClient,
  handle: { sessionId: string; leaseId: string },
  received: Received,
  origin: string,
): Promise<{ code: string; observations: number }> {
  let observations = 0;
  // Only a deadline, so a lease that never ends fails the run instead of hanging it.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    let seen: Observation;
    try {
      seen = received.keep(await client.call("browser.observe", handle));
    } catch (error) {
      if (isLeashError(error, "LEASE_NOT_FOUND") || isLeashError(error, "ORIGIN_CHANGED")) {
        return { code: error.code, observations };
      }
      throw error;
    }
    observations++;
    assert.equal(new URL(seen.url).origin, origin, "an observation showed another origin");
    assert.deepEqual(quotingProblems(seen.text, seen.nodes), [], seen.text);
  }
  throw new Error("Cannot see the lease end: the page never left its origin");
}

/** Click the page's `name` button with the lease, keeping the result. */
async function clickRef(
  client: LeashClient,
  handle: { sessionId: string; leaseId: string },
  seen: Observation,
  name: string,
  received: Received,
): Promise<unknown> {
  const ref = seen.nodes.find((node) => node.name === name)?.ref;
  assert.ok(typeof ref === "string", `no ref for ${name}`);
  return received.keep(
    await client.call("browser.act", {
      ...handle,
      requestId: crypto.randomUUID(),
      documentEpoch: seen.documentEpoch,
      action: { kind: "click", ref },
    }),
  );
}

/** The lease is valid, and the person's popup lists it alone, on its own origin. */
async function assertLeaseIntact(
  world: World,
  client: LeashClient,
  handle: { sessionId: string; leaseId: string },
  lease: Lease,
): Promise<void> {
  assert.deepEqual(await client.call("browser.validateLease", handle), { valid: true });
  assert.equal(lease.scope.kind, "origin");
  assert.deepEqual(await popupLeases(world), [{
    leaseId: lease.leaseId,
    where: lease.scope.kind === "origin" ? lease.scope.origin : "",
  }]);
}

/** Every call with the lease fails with a code, and the popup no longer lists it. */
async function assertLeaseGone(
  world: World,
  client: LeashClient,
  handle: { sessionId: string; leaseId: string },
  documentEpoch: string | undefined,
): Promise<void> {
  for (const method of ["browser.observe", "browser.validateLease"] as const) {
    assert.equal(await outcomeOf(client.call(method, handle)), "LEASE_NOT_FOUND", method);
  }
  if (documentEpoch !== undefined) {
    const outcome = await outcomeOf(client.call("browser.act", {
      ...handle,
      requestId: crypto.randomUUID(),
      documentEpoch,
      action: { kind: "click", ref: "e1" },
    }));
    assert.equal(outcome, "LEASE_NOT_FOUND");
  }
  const listed = await popupLeases(world);
  assert.ok(!listed.some((item) => item.leaseId === handle.leaseId), JSON.stringify(listed));
}

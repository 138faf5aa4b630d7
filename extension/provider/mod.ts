/**
 * The provider handlers of one connection, one per served method of the
 * provider table (a missing one is a type error; the peer answers methods
 * this build does not serve `UNSUPPORTED`), composed from one module per
 * method family: `discovery`, `lease`, `observe`, `page` (with `settle`),
 * `act`, `frames` (with `frame_read`), `dialog`, `console` and `network`, behind the dialog gate
 * (no leased call waits on an open JavaScript dialog).
 *
 * @module
 */
import { searchAx } from "./text_search.ts";
import type { ServedHandlers } from "../../contracts/methods/define.ts";
import type { ProviderMethods } from "../../contracts/methods/mod.ts";
import { runCdp, runClick, runHit, runInput } from "./act.ts";
import { ChangeWatches } from "./change_watch.ts";
import type { ProviderContext } from "./context.ts";
import { answerDialog, gateDialogs } from "./dialog.ts";
import { listTabs } from "./discovery.ts";
import { clickInFrame, frameGeometry, prepareFrameClick } from "./frame_click.ts";
import { inputInFrame, prepareFrameInput } from "./frame_input.ts";
import { readFramePage } from "./frame_page.ts";
import { findFrameAx, frameTextPresent, readFrameAx, readFrameSubtree } from "./frame_read.ts";
import { listFrames } from "./frames.ts";
import { grantLease, revokeLease } from "./lease.ts";
import { findAx, readAx } from "./observe.ts";
import { openLease } from "./open.ts";
import { readPage } from "./page.ts";
import { PageContinuations } from "./page_continuations.ts";
import { settlePage } from "./settle.ts";
import { readConsole } from "./console.ts";
import { bodyContinuations, readNetwork, readRequest } from "./network.ts";

export type { ProviderContext } from "./context.ts";

/**
 * Handlers for every served provider method, bound to one connection's context.
 * The connection's `ax.page` continuations and its change watches live as
 * long as these handlers.
 */
export function providerHandlers(context: ProviderContext): ServedHandlers<ProviderMethods> {
  const continuations = new PageContinuations({ now: context.now });
  const watches = new ChangeWatches();
  const bodies = bodyContinuations(context.now);
  return gateDialogs(context, {
    "tabs.list": (params) => listTabs(context, params),
    "lease.grant": (params, { signal }) => grantLease(context, params, signal),
    "lease.open": (params, { signal }) => openLease(context, params, signal),
    "lease.revoke": (params) => revokeLease(context, params),
    "ax.read": (params, { signal }) => readAx(context, params, signal, watches),
    "ax.find": (params, { signal }) => findAx(context, params, signal),
    "ax.search": (params, { signal }) => searchAx(context, params, signal, watches),
    "cdp": (params, { signal }) => runCdp(context, params, signal, watches),
    "cdp.input": (params, { signal }) => runInput(context, params, signal, watches),
    "cdp.hit": (params, { signal }) => runHit(context, params, signal, watches.worlds),
    "cdp.click": (params, { signal }) => runClick(context, params, signal, watches),
    "ax.page": (params, { signal }) =>
      readPage(context, params, {
        signal,
        continuations,
        worlds: watches.worlds,
        signals: watches.signals,
      }),
    "page.settle": (params, { signal }) =>
      settlePage(context, params, { signal, worlds: watches.worlds }),
    "dialog.answer": (params, { signal }) => answerDialog(context, params, signal),
    "frames.list": (params, { signal }) => listFrames(context, params, signal),
    "ax.frame": (params, { signal }) => readFrameAx(context, params, signal),
    "ax.frame.page": (params, { signal }) =>
      readFramePage(context, params, { signal, continuations }),
    "ax.frame.find": (params, { signal }) => findFrameAx(context, params, signal),
    "ax.frame.text": (params, { signal }) => frameTextPresent(context, params, signal),
    "ax.frame.subtree": (params, { signal }) => readFrameSubtree(context, params, signal),
    "frame.click.prepare": (params, { signal }) => prepareFrameClick(context, params, signal),
    "frame.click": (params, { signal }) => clickInFrame(context, params, signal),
    "frame.geometry": (params, { signal }) => frameGeometry(context, params, signal),
    "frame.input.prepare": (params, { signal }) => prepareFrameInput(context, params, signal),
    "frame.input": (params, { signal }) => inputInFrame(context, params, signal),
    "console.read": (params, { signal }) => readConsole(context, params, signal),
    "network.read": (params, { signal }) => readNetwork(context, params, signal),
    "network.request": (params, { signal }) =>
      readRequest(context, params, { signal, continuations: bodies }),
  });
}

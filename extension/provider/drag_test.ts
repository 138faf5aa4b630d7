import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import { runCdp } from "./act.ts";

const lease = { leaseId: "l1", fence: 1 };
const live = () => new AbortController().signal;

async function setup() {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, url: "https://shop.example/" });
  await grantShopLease(provider.leases, lease);
  return provider;
}

const dragEvent = (type: string) => ({
  lease,
  method: "Input.dispatchDragEvent" as const,
  params: { type, x: 40, y: 120 },
});

Deno.test("without an HTML5 drag from the page, a drag event sends nothing and says so", async () => {
  const { context, browser } = await setup();
  assert.deepEqual(await runCdp(context, dragEvent("dragEnter"), live()), { intercepted: false });
  assert.deepEqual(browser.commands, []);
});

Deno.test("a drag event carries the page's own drag data, without files, until the drop", async () => {
  const { context, browser, drags } = await setup();
  await runCdp(
    context,
    { lease, method: "Input.setInterceptDrags", params: { enabled: true } },
    live(),
  );
  drags.heard(7, "Input.dragIntercepted", {
    data: {
      items: [
        { mimeType: "text/plain", data: "Card 3" },
        { mimeType: "Files", data: "" },
      ],
      files: ["/home/ada/.ssh/id_ed25519"],
      filenames: ["id_ed25519"],
      dragOperationsMask: 16,
    },
  });
  assert.deepEqual(await runCdp(context, dragEvent("dragEnter"), live()), { intercepted: true });
  await runCdp(context, dragEvent("drop"), live());
  assert.deepEqual(await runCdp(context, dragEvent("dragOver"), live()), { intercepted: false });
  const data = { items: [{ mimeType: "text/plain", data: "Card 3" }], dragOperationsMask: 16 };
  assert.deepEqual(browser.commands, [
    { tabId: 7, method: "Input.setInterceptDrags", params: { enabled: true } },
    {
      tabId: 7,
      method: "Input.dispatchDragEvent",
      params: { type: "dragEnter", x: 40, y: 120, data },
    },
    { tabId: 7, method: "Input.dispatchDragEvent", params: { type: "drop", x: 40, y: 120, data } },
  ]);
});

Deno.test("drag data named by the Broker is refused", async () => {
  const { context, browser } = await setup();
  await assert.rejects(
    runCdp(context, {
      lease,
      method: "Input.dispatchDragEvent",
      params: { type: "drop", x: 1, y: 1, data: { items: [], files: ["/etc/passwd"] } },
    }, live()),
    (error) => isLeashError(error, "CDP_FORBIDDEN"),
  );
  assert.deepEqual(browser.commands, []);
});

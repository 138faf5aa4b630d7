import assert from "node:assert/strict";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { EpochBook } from "../observe/epochs.ts";
import { findRedrawn } from "./redrawn.ts";

const document = { frameId: "F", loaderId: "L1", url: "https://shop.example/", title: "Shop" };

/** A lease whose `ax.find` answers `nodes` (or throws), recording what it was asked. */
function leaseFinding(
  nodes: { backendNodeId: number; role: string; name: string }[] | Error,
  answer: Partial<typeof document> & { truncated?: boolean } = {},
) {
  const asked: unknown[] = [];
  const held = {
    token: { leaseId: "L", fence: 1 },
    call: (method: string, params: { request: unknown }) => {
      asked.push([method, params.request]);
      if (nodes instanceof Error) return Promise.reject(nodes);
      return Promise.resolve({
        ...document,
        truncated: false,
        ...answer,
        nodes: nodes.map((node) => ({ ...node, parentId: null, states: [], depth: 0 })),
      });
    },
  } as unknown as OwnedLease;
  return { held, asked };
}

function book() {
  const epochs = new EpochBook();
  const epoch = epochs.epochFor("L", document.frameId, document.loaderId);
  const refs = epochs.refTable(epoch)!;
  const old = { backendNodeId: 5, role: "button", name: "Save" };
  const ref = refs.refFor(old.backendNodeId, old);
  return { epochs, epoch, refs, old, ref };
}

const signal = new AbortController().signal;

Deno.test("the one element that reads as the gone target did gets a ref, noted as its redrawing", async () => {
  const { epochs, epoch, refs, old, ref } = book();
  const { held, asked } = leaseFinding([{ backendNodeId: 9, role: "button", name: "Save" }]);
  const now = await findRedrawn(held, epochs, epoch, ref, old, signal);
  assert.ok(now !== undefined && now !== ref);
  assert.deepEqual(refs.resolve(now), { backendNodeId: 9, role: "button", name: "Save" });
  assert.equal(refs.redrawnAs(ref), now);
  assert.deepEqual(asked, [["ax.find", { query: "Save", role: "button" }]]);
});

Deno.test("no element, several, another document, a cut search or a failed one name none", async () => {
  const save = (backendNodeId: number) => ({ backendNodeId, role: "button", name: "Save" });
  const cases = [
    leaseFinding([]),
    leaseFinding([save(9), save(10)]),
    leaseFinding([save(9)], { loaderId: "L2" }),
    leaseFinding([save(9)], { truncated: true }),
    leaseFinding([{ backendNodeId: 9, role: "link", name: "Save" }]),
    leaseFinding(new Error("provider gone")),
  ];
  for (const { held } of cases) {
    const { epochs, epoch, refs, old, ref } = book();
    assert.equal(await findRedrawn(held, epochs, epoch, ref, old, signal), undefined);
    assert.equal(refs.redrawnAs(ref), undefined);
    assert.equal(refs.size, 1, "no ref is given");
  }
});

Deno.test("a target with no name or a cut one is not searched for", async () => {
  for (const name of ["", "A very long label that the projection cut…"]) {
    const { epochs, epoch, ref } = book();
    const { held, asked } = leaseFinding([{ backendNodeId: 9, role: "button", name }]);
    const target = { backendNodeId: 5, role: "button", name };
    assert.equal(await findRedrawn(held, epochs, epoch, ref, target, signal), undefined);
    assert.deepEqual(asked, []);
  }
});

/**
 * JavaScript dialogs over real sockets against a scripted provider whose
 * page blocks while a dialog is open: an action that opens one reports it,
 * every call meanwhile answers `DIALOG_OPEN` with the dialog, the `dialog`
 * action answers it (journaled, prompt text by its length only), and a
 * dialog the person answered first leaves the lease going on.
 */
import assert from "node:assert/strict";
import { readAudit } from "../../broker/journal/mod.ts";
import { isLeashError } from "../../contracts/errors.ts";
import type { Observation } from "../../contracts/methods/mod.ts";
import { type RuntimeWorld, runtimeWorld } from "./_runtime_world.ts";

function refOf(observation: Observation, role: string, name: string): string {
  const ref = observation.nodes.find((node) => node.role === role && node.name === name)?.ref;
  assert.ok(typeof ref === "string", `${role} "${name}" has a ref`);
  return ref;
}

function isDialogOpen(type: string, message: string) {
  return (error: unknown) =>
    isLeashError(error, "DIALOG_OPEN") && error.detail?.by?.role === type &&
    error.detail.by.name === message;
}

/** A world whose "Place order" button opens a confirm. */
async function confirmWorld(): Promise<RuntimeWorld> {
  let world: RuntimeWorld | undefined = undefined;
  world = await runtimeWorld({
    onClick: (backendNodeId, page) => {
      if (page.node(backendNodeId)?.name !== "Place order") return;
      world?.provider.openDialog({ type: "confirm", message: "Place the order for 12 €?" });
    },
  });
  return world;
}

Deno.test("a click that opens a confirm reports the dialog; every call meanwhile is DIALOG_OPEN; the dialog action answers it", async () => {
  await using world = await confirmWorld();
  const before = await world.client.call("browser.observe", world.handle);
  const clicked = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "order",
    documentEpoch: before.documentEpoch,
    action: { kind: "click", ref: refOf(before, "button", "Place order") },
    expect: { textPresent: "order is placed" },
  });
  assert.equal(clicked.status, "unverified");
  assert.deepEqual(clicked.dialog, { type: "confirm", message: "Place the order for 12 €?" });
  assert.equal(clicked.observation, null);
  assert.equal(clicked.documentChanged, false);
  assert.equal(clicked.documentEpoch, before.documentEpoch);

  const blocked = isDialogOpen("confirm", "Place the order for 12 €?");
  await assert.rejects(world.client.call("browser.observe", world.handle), blocked);
  await assert.rejects(
    world.client.call("browser.act", {
      ...world.handle,
      requestId: "scroll",
      documentEpoch: before.documentEpoch,
      action: { kind: "scroll", ref: refOf(before, "button", "Place order") },
    }),
    blocked,
  );

  const answered = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "answer",
    documentEpoch: before.documentEpoch,
    action: { kind: "dialog", accept: false },
  });
  assert.equal(answered.status, "verified");
  assert.equal(answered.dialog, undefined);
  assert.ok(answered.observation !== null, "the page can be read again");
  assert.deepEqual(world.provider.dialogAnswers, [{ accept: false }]);

  const entries = readAudit(world.env.broker.runtime.journal.path, 10);
  assert.deepEqual(
    entries.map((entry) => [entry.action.kind, entry.outcome, entry.code, entry.dispatched]),
    [
      ["click", "unverified", null, true],
      ["scroll", "failed", "DIALOG_OPEN", false],
      ["dialog", "verified", null, true],
    ],
  );
  assert.equal(entries[2].action.description, "dismiss");
});

Deno.test("a prompt's text reaches the provider and the journal keeps only its length", async () => {
  await using world = await runtimeWorld();
  const before = await world.client.call("browser.observe", world.handle);
  world.provider.openDialog({ type: "prompt", message: "Your PIN?" });
  const answered = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "pin",
    documentEpoch: before.documentEpoch,
    action: { kind: "dialog", accept: true, promptText: "8361-secret" },
  });
  assert.equal(answered.status, "verified");
  assert.deepEqual(world.provider.dialogAnswers, [{ accept: true, promptText: "8361-secret" }]);
  const [entry] = readAudit(world.env.broker.runtime.journal.path, 10);
  assert.equal(entry.action.description, "accept (11 characters)");
  for (const suffix of ["", "-wal"]) {
    const bytes = await Deno.readFile(world.env.broker.runtime.journal.path + suffix)
      .catch(() => new Uint8Array());
    assert.ok(!new TextDecoder().decode(bytes).includes("8361-secret"), `journal.db${suffix}`);
  }
});

Deno.test("a dialog the person answered first leaves the lease going on, and answering it is STALE_TARGET", async () => {
  await using world = await runtimeWorld();
  const before = await world.client.call("browser.observe", world.handle);
  world.provider.openDialog({ type: "alert", message: "Saved" });
  await assert.rejects(
    world.client.call("browser.observe", world.handle),
    isDialogOpen("alert", "Saved"),
  );
  world.provider.closeDialog();
  await assert.rejects(
    world.client.call("browser.act", {
      ...world.handle,
      requestId: "late",
      documentEpoch: before.documentEpoch,
      action: { kind: "dialog", accept: true },
    }),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
  const after = await world.client.call("browser.observe", world.handle);
  assert.equal(after.documentEpoch, before.documentEpoch);
  assert.deepEqual(world.provider.dialogAnswers, []);
});

/**
 * `browser.frames` and `browser.observe` with `frame` over real sockets
 * against a scripted provider: the inventory's projection and its
 * validation, reads of same-origin children bound to their documents, and
 * every refusal — foreign, opaque and unknown frames before any read, a
 * stale epoch, a child that changed during the read, a cursor of another
 * scope, and an action fenced with a child's epoch.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { SourceFrame } from "../../contracts/methods/frames.ts";
import { runtimeWorld } from "./_runtime_world.ts";
import { sameOriginChild, type ScriptedChild, ScriptedFrames } from "./_scripted_frames.ts";
import { fixtureSnapshot } from "./_scripted_page.ts";

const page = fixtureSnapshot("form_page.json");
const root = page.frameId;
const origin = new URL(page.url).origin;

/** A child that another renderer holds: only its element is known. */
function foreignChild(frameId: string, owner: number, parent = root): ScriptedChild {
  return { source: { frameId, parentFrameId: parent, owner, session: "out-of-process" } };
}

/** The frames most tests use: a same-origin child with a grandchild, a foreign and a sandboxed one. */
function mixedFrames(): ScriptedFrames {
  return new ScriptedFrames([
    sameOriginChild("child", origin, { parent: root, owner: 501 }),
    sameOriginChild("grandchild", origin, { parent: "child", owner: 902 }),
    foreignChild("foreign", 502),
    {
      source: {
        frameId: "sandboxed",
        parentFrameId: root,
        loaderId: "sandboxed-loader",
        url: "about:srcdoc",
        origin: "null",
        contextUniqueId: "sandboxed-context",
        owner: 503,
        session: "same-process",
      },
    },
    sameOriginChild("behind-foreign", origin, { parent: "foreign", owner: 700 }),
  ]);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isLeashError(error)) return error.code;
    throw error;
  }
  throw new Error("Cannot see a refusal: the call succeeded");
}

Deno.test("the inventory projects public metadata only and recomputes every relation", async () => {
  const frames = mixedFrames();
  await using world = await runtimeWorld({ frames });
  const inventory = await world.client.call("browser.frames", world.handle);
  assert.equal(inventory.tab, world.lease.tab);
  assert.equal(inventory.truncated, false);
  const [main, child, grandchild, foreign, behind, sandboxed] = inventory.frames;
  assert.deepEqual(main, {
    id: "f0",
    isMain: true,
    contextStatus: "known",
    originRelation: "same-origin",
    origin,
    documentEpoch: inventory.documentEpoch,
  });
  assert.equal(child.parentId, main.id);
  assert.equal(child.originRelation, "same-origin");
  assert.equal(grandchild.parentId, child.id);
  assert.ok(child.documentEpoch !== undefined && grandchild.documentEpoch !== undefined);
  assert.deepEqual(foreign, {
    id: foreign.id,
    parentId: main.id,
    isMain: false,
    contextStatus: "unavailable",
    originRelation: "cross-origin",
  });
  assert.equal(sandboxed.originRelation, "opaque");
  assert.equal(sandboxed.origin, undefined);
  assert.equal(sandboxed.documentEpoch, undefined, "an opaque frame gets no epoch");
  // Same-origin by its own origin, but behind a foreign frame: listed, never readable.
  assert.equal(behind.originRelation, "same-origin");
  assert.equal(behind.documentEpoch, undefined);
  // No source identity crosses: frame IDs, loaders, contexts and owners stay in the Broker.
  const wire = JSON.stringify(inventory);
  for (const secret of ["child-loader", "-context", root, page.loaderId, '"child"', "501"]) {
    assert.ok(!wire.includes(secret), `${secret} stays internal`);
  }
  // The same frames keep their IDs and epochs.
  assert.deepEqual(await world.client.call("browser.frames", world.handle), inventory);
});

Deno.test("a malformed inventory is refused: bad origins, cycles, unknown parents, two roots", async () => {
  const frames = new ScriptedFrames([]);
  await using world = await runtimeWorld({ frames });
  const good = frames.list(world.page);
  const rootFrame = good.frames[0];
  const child = sameOriginChild("child", origin, { parent: root, owner: 501 }).source;
  const cases: [string, SourceFrame[], Partial<typeof good>?][] = [
    ["an origin with a path", [rootFrame, { ...child, origin: `${origin}/path` }]],
    ["an origin with a query", [rootFrame, { ...child, origin: `${origin}?q=1` }]],
    ["an unknown parent", [rootFrame, { ...child, parentFrameId: "nowhere" }]],
    ["a cycle", [rootFrame, { ...child, parentFrameId: "loop" }, {
      ...child,
      frameId: "loop",
      parentFrameId: "child",
    }]],
    ["two roots", [rootFrame, { ...child, parentFrameId: undefined, session: "root" }]],
    ["a frame twice", [rootFrame, child, child]],
    ["another root loader", [rootFrame], { rootLoaderId: "other" }],
    ["a child in the root session", [rootFrame, { ...child, session: "root" }]],
  ];
  for (const [what, list, extra] of cases) {
    frames.answer = { ...good, frames: list, ...extra };
    const code = await refusal(world.client.call("browser.frames", world.handle));
    assert.equal(code, "INVALID_RESULT", what);
  }
});

Deno.test("a same-origin child is read bound to its five-field identity, with its own epoch", async () => {
  const frames = mixedFrames();
  await using world = await runtimeWorld({ frames });
  const inventory = await world.client.call("browser.frames", world.handle);
  const child = inventory.frames[1];
  const observation = await world.client.call("browser.observe", {
    ...world.handle,
    frame: { frameId: child.id, documentEpoch: child.documentEpoch! },
  });
  assert.deepEqual(observation.scope, { kind: "frame", frameId: child.id });
  assert.equal(observation.documentEpoch, child.documentEpoch);
  assert.equal(observation.url, `${origin}/child.html`);
  assert.match(observation.text, /button "Button in child" ref=e\d+/);
  assert.doesNotMatch(observation.text, /Place order/, "never the root document");
  assert.deepEqual(frames.reads, [{
    frameId: "child",
    loaderId: "child-loader",
    contextUniqueId: "child-loader-context",
    rootFrameId: root,
    rootLoaderId: page.loaderId,
  }]);
  // A delta within the frame's scope works; the page's cursor does not apply to it.
  const again = await world.client.call("browser.observe", {
    ...world.handle,
    frame: { frameId: child.id, documentEpoch: child.documentEpoch! },
    since: observation.cursor,
  });
  assert.deepEqual(again.delta?.added, []);
  const rootObservation = await world.client.call("browser.observe", world.handle);
  const code = await refusal(world.client.call("browser.observe", {
    ...world.handle,
    frame: { frameId: child.id, documentEpoch: child.documentEpoch! },
    since: rootObservation.cursor,
  }));
  assert.equal(code, "STALE_CURSOR");
  const back = await refusal(world.client.call("browser.observe", {
    ...world.handle,
    since: observation.cursor,
  }));
  assert.equal(back, "STALE_CURSOR", "a frame's cursor does not apply to the page");
});

Deno.test("foreign, opaque, unknown and foreign-ancestry frames are refused before any read", async () => {
  const frames = mixedFrames();
  await using world = await runtimeWorld({ frames });
  const inventory = await world.client.call("browser.frames", world.handle);
  const [main, , , foreign, behind, sandboxed] = inventory.frames;
  for (const frame of [foreign, sandboxed, behind]) {
    const code = await refusal(world.client.call("browser.observe", {
      ...world.handle,
      frame: { frameId: frame.id, documentEpoch: inventory.documentEpoch },
    }));
    assert.equal(code, "OUT_OF_SCOPE", frame.id);
  }
  const unknown = await refusal(world.client.call("browser.observe", {
    ...world.handle,
    frame: { frameId: "f99", documentEpoch: inventory.documentEpoch },
  }));
  assert.equal(unknown, "STALE_TARGET");
  const itself = await refusal(world.client.call("browser.observe", {
    ...world.handle,
    frame: { frameId: main.id, documentEpoch: inventory.documentEpoch },
  }));
  assert.equal(itself, "INVALID_PARAMS");
  assert.deepEqual(frames.reads, [], "no child was read");
  assert.ok(!world.provider.leasedCalls.includes("ax.frame"));
});

Deno.test("a stale frame epoch fails, and so does a child that changed during the read", async () => {
  const frames = mixedFrames();
  await using world = await runtimeWorld({ frames });
  const before = (await world.client.call("browser.frames", world.handle)).frames[1];
  frames.reload("child");
  const stale = await refusal(world.client.call("browser.observe", {
    ...world.handle,
    frame: { frameId: before.id, documentEpoch: before.documentEpoch! },
  }));
  assert.equal(stale, "STALE_TARGET");
  assert.deepEqual(frames.reads, [], "a stale epoch is refused before the read");

  const current = (await world.client.call("browser.frames", world.handle)).frames[1];
  assert.equal(current.id, before.id, "the frame keeps its ID across documents");
  assert.notEqual(current.documentEpoch, before.documentEpoch);
  // The child reloads between the read and the inventory after it.
  const lists = { count: 0 };
  frames.onList = (_count, scripted) => {
    if (lists.count++ === 1) scripted.reload("child");
  };
  const moved = await refusal(world.client.call("browser.observe", {
    ...world.handle,
    frame: { frameId: current.id, documentEpoch: current.documentEpoch! },
  }));
  assert.equal(moved, "STALE_TARGET");
  assert.equal(frames.reads.length, 1, "the read happened; its result was not published");
});

Deno.test("a query and a subtree within a child read that child only, each in its own scope", async () => {
  const frames = mixedFrames();
  await using world = await runtimeWorld({ frames });
  const child = (await world.client.call("browser.frames", world.handle)).frames[1];
  const frame = { frameId: child.id, documentEpoch: child.documentEpoch! };
  const whole = await world.client.call("browser.observe", { ...world.handle, frame });
  const queried = await world.client.call("browser.observe", {
    ...world.handle,
    frame,
    query: "note",
  });
  assert.deepEqual(queried.scope, { kind: "query", query: "note", frameId: child.id });
  assert.equal(queried.documentEpoch, child.documentEpoch);
  assert.deepEqual(queried.nodes.map((node) => node.name), ["Note"]);
  assert.deepEqual(frames.finds, [], "a whole read needs no search");
  const rootRef = whole.nodes.find((node) => node.role === "textbox")?.ref ?? "";
  const subtree = await world.client.call("browser.observe", {
    ...world.handle,
    frame,
    rootRef,
  });
  assert.deepEqual(subtree.scope, { kind: "subtree", rootRef, frameId: child.id });
  assert.deepEqual(subtree.nodes.map((node) => node.name), ["Note"]);
  assert.deepEqual(frames.subtrees, [{
    backendNodeId: 903,
    role: "textbox",
    name: "Note",
    editable: false,
  }]);
  // Cursors stay in their scopes.
  const code = await refusal(world.client.call("browser.observe", {
    ...world.handle,
    frame,
    query: "note",
    since: whole.cursor,
  }));
  assert.equal(code, "STALE_CURSOR");
  // A ref of the page is no root in the child: never a read of the page instead.
  const page = await world.client.call("browser.observe", world.handle);
  const pageRef = page.nodes.find((node) => node.ref !== null)?.ref ?? "";
  const foreign = await refusal(world.client.call("browser.observe", {
    ...world.handle,
    frame,
    rootRef: pageRef,
  }));
  assert.equal(foreign, "STALE_TARGET");
  assert.equal(frames.subtrees.length, 1);
});

Deno.test("the page's frame elements name their frames, or say they cannot be read", async () => {
  const frames = mixedFrames();
  await using world = await runtimeWorld({ frames });
  const main = world.page.snapshot.nodes[0].backendNodeId;
  world.page.update((nodes) => [
    ...nodes,
    ...[[501, "Article body"], [502, "Ads"], [503, "Sandbox"]].map(([id, name]) => ({
      backendNodeId: id as number,
      parentId: main,
      role: "Iframe",
      name: name as string,
      states: [],
      depth: 1,
    })),
  ]);
  const observation = await world.client.call("browser.observe", world.handle);
  const child = (await world.client.call("browser.frames", world.handle)).frames[1];
  assert.match(
    observation.text,
    new RegExp(`Iframe "Article body" frame=${child.id} — observe with frame`),
  );
  assert.match(observation.text, /Iframe "Ads" — another origin: cannot be read/);
  assert.match(observation.text, /Iframe "Sandbox" — sandboxed \(opaque origin\): cannot be read/);
  // An inventory the runtime refuses leaves the rows bare; the page is still observed.
  frames.answer = { ...frames.list(world.page), rootLoaderId: "other" };
  const bare = await world.client.call("browser.observe", world.handle);
  assert.match(bare.text, /Iframe "Article body"\n/);
  assert.doesNotMatch(bare.text, /frame=/);
});

Deno.test("an action fenced with a child's epoch is refused before any input", async () => {
  const frames = mixedFrames();
  await using world = await runtimeWorld({ frames });
  const child = (await world.client.call("browser.frames", world.handle)).frames[1];
  const observation = await world.client.call("browser.observe", {
    ...world.handle,
    frame: { frameId: child.id, documentEpoch: child.documentEpoch! },
  });
  const ref = observation.nodes.find((node) => node.role === "button")?.ref;
  assert.ok(ref !== null && ref !== undefined);
  const code = await refusal(world.client.call("browser.act", {
    ...world.handle,
    requestId: "child-click",
    documentEpoch: observation.documentEpoch,
    action: { kind: "click", ref },
  }));
  assert.equal(code, "STALE_TARGET");
  assert.deepEqual(world.inputs(), []);
});

/** A world with `mixedFrames()`, the child observed, and its button's ref. */
async function observedChild() {
  const frames = mixedFrames();
  const world = await runtimeWorld({ frames });
  const child = (await world.client.call("browser.frames", world.handle)).frames[1];
  const frame = { frameId: child.id, documentEpoch: child.documentEpoch! };
  const observation = await world.client.call("browser.observe", { ...world.handle, frame });
  const ref = observation.nodes.find((node) => node.role === "button")?.ref ?? "";
  return { world, frames, frame, ref };
}

Deno.test("a click in a child is prepared, journaled, sent once and verified by the child's text", async () => {
  const { world, frames, frame, ref } = await observedChild();
  await using _world = world;
  frames.onClick = (frameId, _node, scripted) =>
    scripted.update(frameId, (nodes) => [
      ...nodes,
      { backendNodeId: 950, parentId: 900, role: "StaticText", name: "Done", states: [], depth: 1 },
    ]);
  const act = {
    ...world.handle,
    requestId: "frame-click-1",
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "click" as const, ref },
    expect: { textPresent: "Done" },
  };
  const result = await world.client.call("browser.act", act);
  assert.equal(result.status, "verified");
  assert.deepEqual(frames.texts, ["Done"], "checked by the child-only text predicate");
  assert.equal(result.documentEpoch, frame.documentEpoch);
  assert.deepEqual(result.observation?.scope, { kind: "frame", frameId: frame.frameId });
  assert.ok(result.observation?.delta !== null, "the child's observation is a delta");
  assert.deepEqual(frames.clicks.map((click) => click.method), ["prepare", "click"]);
  assert.deepEqual(frames.clicks[1].request, {
    binding: frames.reads[0],
    backendNodeId: 901,
    role: "button",
    name: "Button in child",
  });
  assert.deepEqual(world.inputs(), [], "no root input");
  // An exact retry is answered from the journal; a changed frame conflicts.
  assert.deepEqual(await world.client.call("browser.act", act), result);
  assert.equal(frames.clicks.length, 2);
  const other = await refusal(world.client.call("browser.act", {
    ...act,
    frame: { ...frame, frameId: "f9" },
  }));
  assert.equal(other, "REQUEST_CONFLICT", "the durable payload includes the frame");
});

Deno.test("a click in a child takes its button, count and held keys to the provider", async () => {
  const { world, frames, frame, ref } = await observedChild();
  await using _world = world;
  await world.client.call("browser.act", {
    ...world.handle,
    requestId: "frame-double-click",
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "click", ref, count: 2, button: "right", modifiers: ["Shift"] },
  });
  assert.deepEqual(frames.clicks.map((click) => click.method), ["prepare", "click"]);
  assert.deepEqual(frames.clicks[1].request.press, {
    button: "right",
    count: 2,
    modifiers: ["Shift"],
  });
});

Deno.test("an action in a frame is a click or text entry with a text expectation only, with the child's epoch", async () => {
  const { world, frames, frame, ref } = await observedChild();
  await using _world = world;
  const base = {
    ...world.handle,
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "click" as const, ref },
  };
  const page = await world.client.call("browser.observe", world.handle);
  const cases: [string, Record<string, unknown>][] = [
    ["the page's epoch", { documentEpoch: page.documentEpoch }],
    ["a hover", { action: { kind: "hover", ref } }],
    ["an element expectation", { expect: { element: { ref, focused: true } } }],
  ];
  for (const [what, change] of cases) {
    const code = await refusal(
      world.client.call(
        "browser.act",
        {
          ...base,
          requestId: `bad-${what}`,
          ...change,
        } as typeof base & { requestId: string },
      ),
    );
    assert.equal(code, "INVALID_PARAMS", what);
  }
  const rootRef = page.nodes.find((node) => node.ref !== null)?.ref ?? "";
  const foreignRef = await refusal(world.client.call("browser.act", {
    ...base,
    requestId: "root-ref",
    action: { kind: "click", ref: rootRef },
  }));
  assert.equal(foreignRef, "STALE_TARGET", "a ref of the page is not a ref of the frame");
  assert.deepEqual(frames.clicks, [], "nothing was even prepared");
});

Deno.test("a frame click on a foreign or changed frame is refused before any input", async () => {
  const { world, frames, frame, ref } = await observedChild();
  await using _world = world;
  const inventory = await world.client.call("browser.frames", world.handle);
  const foreign = inventory.frames.find((known) => known.originRelation === "cross-origin")!;
  const out = await refusal(world.client.call("browser.act", {
    ...world.handle,
    requestId: "foreign",
    documentEpoch: frame.documentEpoch,
    frame: { frameId: foreign.id, documentEpoch: frame.documentEpoch },
    action: { kind: "click", ref },
  }));
  assert.equal(out, "OUT_OF_SCOPE");
  frames.reload("child");
  const stale = await refusal(world.client.call("browser.act", {
    ...world.handle,
    requestId: "reloaded",
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "click", ref },
  }));
  assert.equal(stale, "STALE_TARGET");
  assert.deepEqual(frames.clicks, []);
});

Deno.test("a frame click whose answer is lost, or after which the child changed, is uncertain and never replayed", async () => {
  const { world, frames, frame, ref } = await observedChild();
  await using _world = world;
  frames.clickAnswer = "INTERNAL";
  const lost = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "lost",
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "click", ref },
  });
  assert.equal(lost.status, "uncertain");
  assert.equal(lost.observation, null);

  frames.clickAnswer = "click";
  frames.onClick = (frameId, _node, scripted) => scripted.reload(frameId);
  const moved = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "moved",
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "click", ref },
    expect: { textPresent: "Button in child" },
  });
  assert.equal(moved.status, "uncertain");
  assert.equal(moved.documentChanged, true);
  const clicksBefore = frames.clicks.length;
  // The retry of the uncertain click is answered from the journal, not sent again.
  const again = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "moved",
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "click", ref },
    expect: { textPresent: "Button in child" },
  });
  assert.deepEqual(again, moved);
  assert.equal(frames.clicks.length, clicksBefore);
});

Deno.test("text entry in a child goes through frame.input, journaled, and is checked by its text", async () => {
  const { world, frames, frame } = await observedChild();
  await using _world = world;
  const observation = await world.client.call("browser.observe", { ...world.handle, frame });
  const note = observation.nodes.find((node) => node.role === "textbox")?.ref ?? "";
  const filled = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "fill-note",
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "fill", ref: note, text: "Hello" },
  });
  assert.equal(filled.status, "verified");
  const typed = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "type-note",
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "type", ref: note, text: " there", submit: true },
    expect: { textPresent: "Hello there" },
  });
  assert.equal(typed.status, "verified");
  assert.deepEqual(
    frames.inputs.map(({ method, request }) => `${method} ${request.input.kind}`),
    ["prepare fill", "input fill", "prepare type", "input type", "input press"],
  );
  assert.deepEqual(frames.inputs[4].request.input, { kind: "press", key: "Enter" });
  assert.deepEqual(world.inputs(), [], "no root input");
  // Keys without a ref have no element to go to in a frame; other kinds are not taken.
  for (
    const action of [
      { kind: "press", key: "Enter" },
      { kind: "type", text: "x" },
      { kind: "hover", ref: note },
      { kind: "append", ref: note, text: "x" },
    ]
  ) {
    const code = await refusal(world.client.call(
      "browser.act",
      {
        ...world.handle,
        requestId: `refused-${action.kind}`,
        documentEpoch: frame.documentEpoch,
        frame,
        action,
      } as Parameters<typeof world.client.call<"browser.act">>[1],
    ));
    assert.equal(code, "INVALID_PARAMS", action.kind);
  }
  assert.equal(frames.inputs.length, 5);
});

Deno.test("a child's page windows continue once, only for that frame and document", async () => {
  const frames = mixedFrames();
  await using world = await runtimeWorld({ frames });
  const child = (await world.client.call("browser.frames", world.handle)).frames[1];
  const frame = { frameId: child.id, documentEpoch: child.documentEpoch! };
  const read = (options: Record<string, unknown>) =>
    world.client.call("browser.readPage", { ...world.handle, options });
  const first = await read({ frame });
  assert.deepEqual(first.scope, { kind: "frame", frameId: child.id });
  assert.equal(first.documentEpoch, child.documentEpoch);
  assert.ok(first.continuation !== null);
  assert.match(first.text, /button "Button in child"/);
  const second = await read({ frame, continuation: first.continuation });
  assert.match(second.text, /textbox "Note"/);
  assert.equal(second.continuation, null);
  assert.equal(second.complete, true);
  assert.deepEqual(frames.windows, [null, "window-2"]);

  // Reused, without its frame, or with a page's continuation: STALE_CURSOR, nothing read.
  assert.equal(await refusal(read({ frame, continuation: first.continuation })), "STALE_CURSOR");
  const again = await read({ frame });
  assert.equal(await refusal(read({ continuation: again.continuation })), "STALE_CURSOR");
  const page = await read({});
  assert.ok(page.continuation !== null, "the page has more than one window");
  assert.equal(await refusal(read({ frame, continuation: page.continuation })), "STALE_CURSOR");
  assert.equal(frames.windows.length, 3);

  // A child that reloaded: its old epoch is stale; the new epoch with the old walk is no cursor.
  const walk = await read({ frame });
  frames.reload("child");
  const reloaded = (await world.client.call("browser.frames", world.handle)).frames[1];
  const fresh = { frameId: child.id, documentEpoch: reloaded.documentEpoch! };
  assert.equal(
    await refusal(read({ frame, continuation: walk.continuation })),
    "STALE_TARGET",
    "the old epoch",
  );
  const walk2 = await read({ frame: fresh });
  frames.reload("child");
  const newest = (await world.client.call("browser.frames", world.handle)).frames[1];
  assert.equal(
    await refusal(read({
      frame: { frameId: child.id, documentEpoch: newest.documentEpoch! },
      continuation: walk2.continuation,
    })),
    "STALE_CURSOR",
    "a walk of the document before",
  );
});

Deno.test("a text expectation the child does not hold leaves a frame action unverified", async () => {
  const { world, frames, frame, ref } = await observedChild();
  await using _world = world;
  const result = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "not-there",
    documentEpoch: frame.documentEpoch,
    frame,
    action: { kind: "click", ref },
    expect: { textPresent: "Place order" },
  });
  assert.equal(result.status, "unverified", "the page's text does not count for the child");
  assert.deepEqual(frames.texts, ["Place order"]);
});

Deno.test("a capture is refused while a frame of another origin shows in the viewport", async () => {
  const frames = mixedFrames();
  await using world = await runtimeWorld({ frames });
  // The foreign frame's element, 502, is where the scripted page places every node: in view.
  const main = world.page.snapshot.nodes[0].backendNodeId;
  world.page.update((nodes) => [
    ...nodes,
    { backendNodeId: 502, parentId: main, role: "Iframe", name: "Ads", states: [], depth: 1 },
  ]);
  const code = await refusal(world.client.call("browser.capture", world.handle));
  assert.equal(code, "OUT_OF_SCOPE");
  assert.ok(!world.provider.leasedCalls.includes("cdp Page.captureScreenshot"), "no image taken");
  // A foreign frame that is not rendered shows nothing.
  world.page.update((nodes) => nodes.filter((node) => node.backendNodeId !== 502));
  assert.ok((await world.client.call("browser.capture", world.handle)).data.length > 0);
  // With only same-origin children, the capture goes ahead.
  frames.children = frames.children.filter((child) =>
    child.source.frameId === "child" || child.source.frameId === "grandchild"
  );
  const image = await world.client.call("browser.capture", world.handle);
  assert.ok(image.data.length > 0);
});

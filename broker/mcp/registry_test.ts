import assert from "node:assert/strict";
import { z } from "zod";
import { clientMethods } from "../../contracts/methods/mod.ts";
import { requiredCapabilities, toolForVerb, tools } from "./registry.ts";

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { description: _description, ...rest } = z.toJSONSchema(schema, { io: "input" });
  return rest;
}

Deno.test("the tools are DESIGN.md's agent surface", () => {
  assert.deepEqual(tools.map((tool) => tool.name), [
    "browser_instances",
    "browser_tabs",
    "browser_claim",
    "browser_open",
    "browser_observe",
    "browser_act",
    // Beyond DESIGN.md's list: files for a file input, read from the agent's project.
    "browser_upload",
    "browser_batch",
    "browser_read_page",
    "browser_frames",
    "browser_capture",
    "browser_console",
    "browser_network",
    "browser_network_request",
    "browser_release",
    "browser_close",
  ]);
  assert.equal(toolForVerb("read-page")?.name, "browser_read_page");
});

/** Params the MCP server fills in itself, never from a tool's arguments. */
const filledIn: Readonly<Record<string, readonly string[]>> = {
  // The MCP client program's own name, from `initialize`: the model must not choose it.
  browser_claim: ["mcpClientName"],
  browser_open: ["mcpClientName"],
  // Closing the tab is what browser_close is for.
  browser_close: ["closeTab"],
  // The approval ID names the server's own callback context for the plan.
  browser_batch: ["approvalId"],
  // The server makes the upload action of the ref and the files it read; no frame takes one.
  browser_upload: ["action", "frame"],
};

/** Tool arguments the server itself acts on, beyond the method's params. */
const serverOwn: Readonly<Record<string, readonly string[]>> = {
  // Whether the claim's answer carries the tab's first observation.
  browser_claim: ["observe"],
  browser_open: ["observe"],
  // Whether structuredContent carries the node list too.
  browser_observe: ["nodes"],
  browser_act: ["nodes"],
  // The element and the files, read into the action by the server.
  browser_upload: ["ref", "paths"],
  browser_read_page: ["nodes"],
  // Whether structuredContent carries the entries, headers and body too.
  browser_console: ["nodes"],
  browser_network: ["nodes"],
  browser_network_request: ["nodes"],
};

Deno.test("each tool calls a client method and takes its params, less sessionId and what the server fills in", () => {
  for (const tool of tools) {
    const params = clientMethods[tool.method].params;
    assert.ok(params instanceof z.ZodObject, tool.name);
    const shape: Record<string, z.ZodType> = params.shape;
    // read_page flattens the method's `options` into its own fields, batch its `request`.
    const options = shape.options ?? shape.request;
    const source: Record<string, z.ZodType> = options instanceof z.ZodObject
      ? { ...shape, ...options.shape }
      : shape;
    const expected = [
      ...Object.keys(source).filter((key) =>
        key !== "sessionId" && key !== "options" && key !== "request" &&
        !(filledIn[tool.name] ?? []).includes(key)
      ),
      ...(serverOwn[tool.name] ?? []),
    ];
    assert.deepEqual(Object.keys(tool.input.shape).sort(), expected.sort(), tool.name);
    for (const [key, field] of Object.entries(tool.input.shape)) {
      if ((serverOwn[tool.name] ?? []).includes(key)) continue;
      const original = source[key];
      // Made optional: act's requestId (the server can make one up) and documentEpoch (the
      // server fences with the epoch that showed the ref), and claim's instance (the server
      // takes the only connected one).
      const fenced = tool.name === "browser_act" || tool.name === "browser_batch" ||
        tool.name === "browser_upload";
      const wanted = (fenced && key === "requestId") ||
          (fenced && key === "documentEpoch") ||
          ((tool.name === "browser_claim" || tool.name === "browser_open") && key === "instance")
        ? original.optional()
        // observe's frame may also be a frame ID alone: the server reads that frame's current
        // document epoch from a fresh inventory.
        : (tool.name === "browser_observe" || tool.name === "browser_read_page") &&
            key === "frame" && original instanceof z.ZodOptional
        ? z.union([z.string().min(1).max(128), original.unwrap()]).optional()
        : original;
      assert.deepEqual(jsonSchema(field), jsonSchema(wanted), `${tool.name}.${key}`);
    }
  }
});

Deno.test("every tool input is strict and every field is described", () => {
  for (const tool of tools) {
    const schema = z.toJSONSchema(tool.input, { io: "input" });
    assert.equal(schema.additionalProperties, false, tool.name);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      assert.ok(
        typeof property === "object" && typeof property.description === "string" &&
          property.description.length > 10,
        `${tool.name}.${key} has no description`,
      );
    }
    assert.ok(tool.description.length > 80, `${tool.name} needs a real description`);
  }
});

Deno.test("describing a tool field leaves the method table's schema untouched", () => {
  const field = clientMethods["browser.observe"].params.shape.leaseId;
  assert.equal(z.globalRegistry.get(field)?.description, undefined);
});

Deno.test("a session requires the capabilities of every method the tools call", () => {
  assert.deepEqual(
    [...requiredCapabilities].sort(),
    [
      "runtime.batch.v1",
      "runtime.capture-publication.v1",
      "runtime.console.v1",
      "runtime.frames.v1",
      "runtime.network.v1",
      "runtime.open.v1",
      "runtime.page.v1",
      "runtime.v1",
    ],
  );
});

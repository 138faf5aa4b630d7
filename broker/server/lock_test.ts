import assert from "node:assert/strict";
import { InstanceLock } from "./lock.ts";
import { StartError } from "../journal/start_error.ts";

Deno.test("a second InstanceLock on the same dir is refused until the first is released", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const first = await InstanceLock.acquire(dir);
    await assert.rejects(
      InstanceLock.acquire(dir),
      (error) => error instanceof StartError && /another Broker is running/.test(error.message),
    );
    first.release();
    first.release();
    const second = await InstanceLock.acquire(dir);
    second.release();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

import assert from "node:assert/strict";
import { main } from "./main.ts";

Deno.test("leash exits 2 on an unknown command or flag and without a command", async () => {
  const quiet = { log: console.log, error: console.error };
  console.log = () => {};
  console.error = () => {};
  try {
    assert.equal(await main(["fly"]), 2);
    assert.equal(await main(["serve", "--nope"]), 2);
    assert.equal(await main(["serve", "--access-mode", "anything"]), 2);
    assert.equal(await main([]), 2);
    assert.equal(await main(["--help"]), 0);
  } finally {
    console.log = quiet.log;
    console.error = quiet.error;
  }
});

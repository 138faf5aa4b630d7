import assert from "node:assert/strict";
import { parseRegQuery, regAddArgs } from "./registry.ts";

Deno.test("parseRegQuery() reads the default value of a key", () => {
  const output = [
    "",
    "HKEY_CURRENT_USER\\Software\\Google\\Chrome\\NativeMessagingHosts\\dev.leash.host",
    "    (Default)    REG_SZ    C:\\Users\\a\\AppData\\Roaming\\Leash\\dev.leash.host.json",
    "",
  ].join("\r\n");
  assert.equal(parseRegQuery(output), "C:\\Users\\a\\AppData\\Roaming\\Leash\\dev.leash.host.json");
  assert.equal(parseRegQuery("HKEY_CURRENT_USER\\Software\\X\r\n"), undefined);
});

Deno.test("regAddArgs() sets the default value without prompting", () => {
  assert.deepEqual(regAddArgs("HKCU\\K", "C:\\m.json"), [
    "add",
    "HKCU\\K",
    "/ve",
    "/t",
    "REG_SZ",
    "/d",
    "C:\\m.json",
    "/f",
  ]);
});

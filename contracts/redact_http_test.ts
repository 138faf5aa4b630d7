import assert from "node:assert/strict";
import { redacted } from "./redact.ts";
import { redactBody, redactHeader, redactText } from "./redact_http.ts";

Deno.test("credential headers are redacted whatever their value; plain ones stay", () => {
  for (const name of ["Authorization", "proxy-authorization", "Cookie", "Set-Cookie"]) {
    assert.equal(redactHeader(name, "short"), redacted, name);
  }
  assert.equal(redactHeader("X-Api-Key", "k1"), redacted);
  assert.equal(redactHeader("X-CSRF-Token", "abc"), redacted);
  assert.equal(redactHeader("Content-Type", "application/json"), "application/json");
  assert.equal(redactHeader("X-Request-Id", "42"), "42");
  assert.equal(redactHeader("X-Trace", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln"), redacted);
});

Deno.test("URL headers keep their URL with credential parameters redacted", () => {
  assert.equal(
    redactHeader("Location", "https://app.example/cb?code=XYZ&page=2"),
    "https://app.example/cb?code=[redacted]&page=2",
  );
});

Deno.test("text keeps prose and redacts tokens, bearer credentials and secret pairs", () => {
  assert.equal(
    redactText("Save failed: 500 Internal Server Error"),
    "Save failed: 500 Internal Server Error",
  );
  assert.equal(redactText("state: ready, code: 7"), "state: ready, code: 7");
  assert.equal(redactText("retry with token=s3cr3t&page=2"), "retry with token=[redacted]&page=2");
  assert.equal(
    redactText('Object {id: 42, apiKey: "k-1"}'),
    'Object {id: 42, apiKey: "[redacted]"}',
  );
  assert.equal(
    redactText("Authorization: Bearer abc123def456"),
    "Authorization: Bearer [redacted]",
  );
  assert.equal(redactText("sent Bearer abc123def456"), "sent Bearer [redacted]");
  assert.equal(
    redactText("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl here"),
    "jwt [redacted] here",
  );
  assert.equal(
    redactText("GET https://api.example/v1?access_token=abc&q=shoes failed"),
    "GET https://api.example/v1?access_token=[redacted]&q=shoes failed",
  );
});

Deno.test("JSON bodies redact members named like credentials, at any depth", () => {
  const body = JSON.stringify({
    user: { name: "Ada", password: "hunter2" },
    access_token: "xyz",
    error: { code: "E_DB", message: "db down" },
    items: [{ sessionId: "s1" }],
  });
  assert.deepEqual(JSON.parse(redactBody(body, "application/json; charset=utf-8")), {
    user: { name: "Ada", password: redacted },
    access_token: redacted,
    error: { code: "E_DB", message: "db down" },
    items: [{ sessionId: redacted }],
  });
});

Deno.test("form bodies redact password and token fields, URL-encoded or multipart", () => {
  assert.equal(
    redactBody("user=ada&password=hunter2&remember=1", "application/x-www-form-urlencoded"),
    "user=ada&password=[redacted]&remember=1",
  );
  const multipart = [
    "--b",
    'Content-Disposition: form-data; name="user"',
    "",
    "ada",
    "--b",
    'Content-Disposition: form-data; name="pwd"',
    "",
    "hunter2",
    "--b--",
  ].join("\r\n");
  const shown = redactBody(multipart, "multipart/form-data; boundary=b");
  assert.ok(!shown.includes("hunter2"), shown);
  assert.ok(shown.includes("ada"));
});

Deno.test("redaction is idempotent", () => {
  const samples = [
    "token=abc Bearer xyz123456 eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln",
    'Object {password: "p", name: "n"}',
    "https://a.example/?sid=1&x=2",
  ];
  for (const text of samples) assert.equal(redactText(redactText(text)), redactText(text));
  const json = redactBody('{"token":"t","a":{"secret":"s"}}', "application/json");
  assert.equal(redactBody(json, "application/json"), json);
});

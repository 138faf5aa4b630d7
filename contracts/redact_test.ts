import assert from "node:assert/strict";
import { isSecretName, looksLikeSecret, redacted, redactUrl, type UrlView } from "./redact.ts";

const jwt =
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
const random = "dGhpcyBpcyBhIHNlY3JldCB0b2tlbg";
const hex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

Deno.test("redactUrl() unleased keeps scheme, host, port, path and names, never a value or fragment", () => {
  assert.equal(
    redactUrl(
      "http://127.0.0.1:18802/secret?access_token=abc.def.ghi&code=XYZ#id_token=abc",
      "unleased",
    ),
    "http://127.0.0.1:18802/secret?access_token=[redacted]&code=[redacted]#[redacted]",
  );
  assert.equal(
    redactUrl("https://Shop.Example:443/search?q=shoes&page=2#results", "unleased"),
    "https://shop.example/search?q=[redacted]&page=[redacted]#[redacted]",
  );
  assert.equal(redactUrl("https://example.com/a/b", "unleased"), "https://example.com/a/b");
});

Deno.test("redactUrl() leaves userinfo out in both views", () => {
  for (const view of ["leased", "unleased"] as const) {
    assert.equal(
      redactUrl("https://user:pa55@example.com:8443/x", view),
      "https://example.com:8443/x",
    );
    assert.equal(redactUrl("https://user@example.com/", view), "https://example.com/");
  }
});

Deno.test("redactUrl() leased redacts credential-named parameters and keeps ordinary ones", () => {
  assert.equal(
    redactUrl(
      "https://app.example/cb?q=shoes&page=2&id=42&access_token=abc&id_token=x&refresh_token=y" +
        "&token=t&code=XYZ&state=S&session=s&sid=1&auth=a&key=k&api_key=z&password=p&secret=s" +
        "&signature=g&sig=g&jwt=j&X-Amz-Credential=c&sessionId=7",
      "leased",
    ),
    "https://app.example/cb?q=shoes&page=2&id=42&access_token=[redacted]&id_token=[redacted]" +
      "&refresh_token=[redacted]&token=[redacted]&code=[redacted]&state=[redacted]" +
      "&session=[redacted]&sid=[redacted]&auth=[redacted]&key=[redacted]&api_key=[redacted]" +
      "&password=[redacted]&secret=[redacted]&signature=[redacted]&sig=[redacted]" +
      "&jwt=[redacted]&X-Amz-Credential=[redacted]&sessionId=[redacted]",
  );
});

Deno.test("redactUrl() leased redacts values that look like credentials under any name", () => {
  assert.equal(
    redactUrl(`https://app.example/?a=${jwt}&b=${random}&c=${hex}&d=plain`, "leased"),
    "https://app.example/?a=[redacted]&b=[redacted]&c=[redacted]&d=plain",
  );
  assert.equal(
    redactUrl(
      "https://app.example/login?next=https%3A%2F%2Fapp.example%2Fcb%3Fcode%3DXYZ" +
        "&back=https%3A%2F%2Fapp.example%2Fhome%3Ftab%3D2",
      "leased",
    ),
    "https://app.example/login?next=[redacted]&back=https%3A%2F%2Fapp.example%2Fhome%3Ftab%3D2",
  );
});

Deno.test("redactUrl() looks through percent-encoding of names and values", () => {
  assert.equal(
    redactUrl("https://app.example/?access%5Ftoken=abc&x=%65yJhbGciOiJI.eyJzdWIi.c2ln", "leased"),
    "https://app.example/?access%5Ftoken=[redacted]&x=[redacted]",
  );
});

Deno.test("redactUrl() leased reads a fragment as parameters, a route or a plain anchor", () => {
  assert.equal(
    redactUrl(
      `https://app.example/cb#access_token=${random}&token_type=Bearer&expires_in=3600&state=S`,
      "leased",
    ),
    "https://app.example/cb#access_token=[redacted]&token_type=[redacted]&expires_in=3600" +
      "&state=[redacted]",
  );
  assert.equal(
    redactUrl("https://app.example/#/inbox?page=2&sid=abc", "leased"),
    "https://app.example/#/inbox?page=2&sid=[redacted]",
  );
  assert.equal(
    redactUrl("https://app.example/doc#section-2", "leased"),
    "https://app.example/doc#section-2",
  );
  assert.equal(
    redactUrl(`https://app.example/#/magic/${jwt}`, "leased"),
    "https://app.example/#/magic/[redacted]",
  );
});

Deno.test("redactUrl() redacts a bare query component unless it is an ordinary word in the leased view", () => {
  assert.equal(
    redactUrl("https://app.example/?print&x=1", "leased"),
    "https://app.example/?print&x=1",
  );
  assert.equal(
    redactUrl(`https://app.example/?${random}`, "leased"),
    "https://app.example/?[redacted]",
  );
  assert.equal(
    redactUrl("https://app.example/?print", "unleased"),
    "https://app.example/?[redacted]",
  );
});

Deno.test("redactUrl() redacts a parameter name that itself looks like a credential", () => {
  for (const view of ["leased", "unleased"] as const) {
    assert.equal(
      redactUrl(`https://app.example/?${random}=1&q=2`, view),
      `https://app.example/?[redacted]=[redacted]&q=${view === "leased" ? "2" : redacted}`,
    );
  }
});

Deno.test("redactUrl() redacts credential-like path segments in both views", () => {
  for (const view of ["leased", "unleased"] as const) {
    assert.equal(
      redactUrl(`https://app.example/reset/${hex}/confirm`, view),
      "https://app.example/reset/[redacted]/confirm",
    );
    assert.equal(
      redactUrl(`https://app.example/magic/${jwt}`, view),
      "https://app.example/magic/[redacted]",
    );
    assert.equal(
      redactUrl("https://app.example/app;jsessionid=0AAB12/home", view),
      "https://app.example/[redacted]/home",
    );
    assert.equal(
      redactUrl("https://app.example/blog/2024/my-first-post", view),
      "https://app.example/blog/2024/my-first-post",
    );
  }
});

Deno.test("redactUrl() shows only the scheme of a URL that is not HTTP(S)", () => {
  const cases: Array<[string, string]> = [
    ["chrome://settings/passwords", "chrome:"],
    ["chrome-extension://abcdefghijklmnop/popup.html?token=x", "chrome-extension:"],
    ["file:///home/me/taxes.pdf", "file:"],
    ["about:blank", "about:"],
    ["data:text/html,<title>secret</title>", "data:"],
    ["javascript:alert(document.cookie)", "javascript:"],
    ["blob:https://app.example/0b6c5e2c-0000-4000-8000-000000000000", "blob:"],
    ["ws://app.example/socket?token=x", "ws:"],
  ];
  for (const view of ["leased", "unleased"] as const) {
    for (const [url, shown] of cases) assert.equal(redactUrl(url, view), shown, url);
  }
});

Deno.test("redactUrl() shows text that is not a URL as [redacted]", () => {
  assert.equal(redactUrl("not a url?token=abc", "leased"), redacted);
  assert.equal(redactUrl("", "unleased"), redacted);
});

Deno.test("redactUrl() leaves out empty queries, fragments and components", () => {
  assert.equal(redactUrl("https://app.example/x?#", "leased"), "https://app.example/x");
  assert.equal(
    redactUrl("https://app.example/x?a=1&&b=2&", "leased"),
    "https://app.example/x?a=1&b=2",
  );
});

const samples = [
  "http://127.0.0.1:18802/secret?access_token=abc.def.ghi&code=XYZ#id_token=abc",
  `https://u:p@app.example:8443/a/${hex}/b?q=x&${random}&n=${jwt}#/r?sid=1&page=2`,
  "https://app.example/?next=https%3A%2F%2Fapp.example%2Fcb%3Fcode%3DXYZ&page=2#top",
  `https://app.example/cb#access_token=${random}&state=S&x=1`,
  "https://app.example/?[redacted]=[redacted]&a=[redacted]#[redacted]",
  "chrome://settings/",
  "not a url",
];

Deno.test("redactUrl() is idempotent, and unleased after leased equals unleased", () => {
  for (const url of samples) {
    for (const view of ["leased", "unleased"] as const satisfies readonly UrlView[]) {
      const once = redactUrl(url, view);
      assert.equal(redactUrl(once, view), once, url);
    }
    assert.equal(redactUrl(redactUrl(url, "leased"), "unleased"), redactUrl(url, "unleased"), url);
  }
});

/** A seeded generator, so a failure repeats. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

Deno.test("redactUrl() never shows a random token or JWT, wherever in the URL it sits", () => {
  const next = seeded(13);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const token = () =>
    Array.from(
      { length: 32 + Math.floor(next() * 32) },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join("");
  const names = ["q", "page", "id", "next", "access_token", "code", "x"];
  for (let round = 0; round < 500; round++) {
    const secret = next() < 0.2 ? `eyJ${token()}.${token()}.${token()}` : token();
    const name = names[Math.floor(next() * names.length)];
    const place = Math.floor(next() * 5);
    const url = [
      `https://app.example/p/${secret}/x?q=1`,
      `https://app.example/p?${name}=${secret}&page=2`,
      `https://app.example/p?${secret}`,
      `https://app.example/p?q=1#${name}=${secret}`,
      `https://app.example/p#/route/${secret}`,
    ][place];
    for (const view of ["leased", "unleased"] as const) {
      const shown = redactUrl(url, view);
      assert.ok(!shown.includes(secret), `${view} ${url} → ${shown}`);
    }
  }
});

Deno.test("isSecretName() knows credential names in any case and separator style", () => {
  for (
    const name of [
      "access_token",
      "accessToken",
      "id_token",
      "refresh_token",
      "token",
      "code",
      "state",
      "session",
      "SESSIONID",
      "PHPSESSID",
      "sid",
      "auth",
      "Authorization",
      "key",
      "api_key",
      "X-Api-Key",
      "apikey",
      "password",
      "passwd",
      "pwd",
      "client_secret",
      "signature",
      "X-Amz-Signature",
      "sig",
      "jwt",
      "SAMLResponse",
      "oauth_verifier",
      "code_verifier",
      "nonce",
      "otp",
      "csrf_token",
      "Cookie",
      "Set-Cookie",
    ]
  ) {
    assert.equal(isSecretName(name), true, name);
  }
  for (
    const name of [
      "q",
      "page",
      "id",
      "client_id",
      "redirect_uri",
      "scope",
      "response_type",
      "utm_source",
      "sort",
      "lang",
      "author",
      "keyword",
      "monkey",
      "expires_in",
      "Content-Type",
      "Accept",
    ]
  ) {
    assert.equal(isSecretName(name), false, name);
  }
});

Deno.test("looksLikeSecret() flags JWTs, random strings and nested credentials, not words", () => {
  for (
    const value of [
      jwt,
      random,
      hex,
      "550e8400-e29b-41d4-a716-446655440000",
      "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
      "https://app.example/cb?code=XYZ",
      "/cb?state=abc",
    ]
  ) {
    assert.equal(looksLikeSecret(value), true, value);
  }
  for (
    const value of [
      "",
      "2",
      "shoes",
      "blue suede shoes",
      "en-US",
      "1719000000000",
      "2024-06-01T12:00:00Z",
      "spring_sale_2024_newsletter",
      "getUserAccountSettingsForProfile",
      "my-first-blog-post-about-deno-2-0",
      "https://app.example/home?tab=2",
      redacted,
    ]
  ) {
    assert.equal(looksLikeSecret(value), false, value);
  }
});

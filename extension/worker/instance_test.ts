import assert from "node:assert/strict";
import { ProviderHelloSchema } from "../../contracts/hello.ts";
import { brandOf, providerHello } from "./instance.ts";

Deno.test("brandOf reports the real brand, not GREASE or the engine", () => {
  const chrome = [
    { brand: "Not)A;Brand", version: "8" },
    { brand: "Chromium", version: "156" },
    { brand: "Google Chrome", version: "156" },
  ];
  assert.equal(brandOf(chrome), "chrome");
  assert.equal(
    brandOf([{ brand: "Chromium", version: "156" }, { brand: "Not_A Brand", version: "24" }]),
    "chromium",
  );
  assert.equal(brandOf([{ brand: "Vivaldi Browser", version: "7" }]), "vivaldi-browser");
  assert.equal(brandOf(undefined), "chromium");
  assert.equal(brandOf([{ brand: 3 }]), "chromium");
});

Deno.test("the provider hello is schema-valid and carries no token", () => {
  const hello = providerHello({
    id: "3f0c9a1e-0000-4000-8000-000000000000",
    family: "chromium",
    brand: "chromium",
    version: "Mozilla/5.0",
    profileLabel: "User-authorized profile",
  });
  assert.deepEqual(ProviderHelloSchema.parse(hello), hello);
  assert.equal("token" in hello, false);
});

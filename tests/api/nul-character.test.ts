/**
 * A NUL character fits no slug, name or body (PostgreSQL refuses it in text): an address holding
 * one names nothing, a field holding one is refused with the API's plain "invalid input", and
 * neither is a server error.
 */
import { describe, expect, it } from "vitest";
import { asAdmin, call } from "./client";

describe("a NUL character in an address or a field", () => {
  it("answers a reader page, or a feed, with 404", async () => {
    for (const path of ["/category/a%00b", "/ne/category/a%00b", "/article/a%00b", "/tag/a%00b", "/feeds/category/a%00b/rss.xml", "/feeds/tag/a%00b/atom.xml"]) {
      expect((await call(path)).status, path).toBe(404);
    }
  });

  it("answers the API with 400 and its message in the client's language", async () => {
    for (const path of ["/api/news/a%00b", "/api/categories/a%00b", "/api/tags/a%00b"]) {
      const res = await call(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toBe("Invalid input");
    }
    const nepali = await call("/api/news/a%00b?lang=ne");
    expect(nepali.status).toBe(400);
    expect(nepali.body.error).toMatch(/[\u0900-\u097F]/);
  });

  it("refuses a name holding one and stores nothing", async () => {
    const name = `Leaked${Date.now()}\u0000ledger`;
    const res = await call("/api/categories", { method: "POST", token: await asAdmin(), json: { name, description: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid input");
    const { body } = await call("/api/categories");
    expect(JSON.stringify(body)).not.toContain(name.slice(0, 18));
  });
});

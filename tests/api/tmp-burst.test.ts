import { it } from "vitest";
import { baseUrl } from "./client";
it("burst", async () => {
  for (const p of ["/news", "/", "/search?q=budget"]) {
  const path = `${p}${p.includes("?") ? "&" : "?"}burst=${Date.now()}`;
  const burst = await Promise.all(Array.from({ length: 12 }, () => fetch(baseUrl() + path)));
  console.log(p, burst.map((r) => r.headers.get("x-page-cache")).join(","));
  }
});

/**
 * Issue 16: the database goes away while the server runs. Requests that need it get a quick 503
 * with a JSON error (never a hang, never a crash), cached pages keep being served, `/api/ready`
 * says so, and everything comes back by itself when the database does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestCluster, startCluster } from "../support/postgres-cluster.mjs";
import { type RunningServer, startServer } from "../support/server";

let cluster: TestCluster;
let server: RunningServer;

beforeAll(async () => {
  cluster = await startCluster();
  cluster.createDatabase("outage");
  server = await startServer({ DATABASE_URL: cluster.url("outage"), DEMO_CONTENT: "true" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  cluster?.stop();
});

const get = async (path: string) => {
  const started = Date.now();
  const res = await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(20_000) });
  return { status: res.status, headers: res.headers, body: await res.text(), ms: Date.now() - started };
};

describe("a database outage", () => {
  it("answers 503 quickly where the database is needed, serves cached pages, and recovers by itself", async () => {
    // The home page and About are cached before the outage.
    for (const path of ["/", "/about"]) {
      expect((await get(path)).status).toBe(200);
      expect((await get(path)).headers.get("x-page-cache")).toBe("hit");
    }
    expect((await get("/api/ready")).status).toBe(200);

    cluster.pause();
    try {
      const api = await get("/api/news?limit=3&search=outage");
      expect(api.status).toBe(503);
      expect(JSON.parse(api.body)).toMatchObject({ code: "service_unavailable" });
      expect(api.headers.get("retry-after")).toBe("10");
      expect(api.ms).toBeLessThan(15_000);
      const ready = await get("/api/ready");
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ status: "not_ready", reason: "database_unreachable" });
      // A page that is not cached says so with 503; the cached ones are still served.
      const search = await get("/search?q=outage");
      expect(search.status).toBe(503);
      expect(search.headers.get("retry-after")).toBe("10");
      for (const path of ["/", "/about"]) {
        const page = await get(path);
        expect(page.status).toBe(200);
        expect(page.headers.get("x-page-cache")).toBe("hit");
      }
      expect(server.child.exitCode).toBeNull();
    } finally {
      cluster.resume();
    }

    await expect.poll(async () => (await get("/api/ready")).status, { timeout: 20_000 }).toBe(200);
    // Its listening connection is back too: what other instances changed meanwhile is unknown, so
    // the cached pages are let go of once it reconnects.
    await expect.poll(async () => (await get("/")).headers.get("x-page-cache"), { timeout: 20_000 }).toBe("miss");
    expect((await get("/api/news?limit=3&search=outage")).status).toBe(200);
    expect((await get("/search?q=budget")).status).toBe(200);
  }, 120_000);
});

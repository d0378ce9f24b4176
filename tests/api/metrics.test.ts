/** Prometheus metrics over HTTP (issue 16): off by default, and with METRICS_TOKEN only for its bearer. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { baseUrl } from "./client";

let server: RunningServer;
const TOKEN = "metrics-token-for-the-test";

beforeAll(async () => {
  server = await startServer({ METRICS_TOKEN: TOKEN, DEMO_CONTENT: "true" });
}, 120_000);
afterAll(() => server?.stop());

describe("/metrics", () => {
  it("does not exist unless METRICS_TOKEN is set", async () => {
    expect((await fetch(`${baseUrl()}/metrics`)).status).toBe(404);
  });

  it("answers only its bearer, with requests per route, the page cache, the database pool and the process", async () => {
    const { articles } = (await (await fetch(`${server.baseUrl}/api/news?limit=1`)).json()) as { articles: { slug: string }[] };
    for (let i = 0; i < 3; i++) await fetch(`${server.baseUrl}/article/${articles[0]!.slug}`);
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: "Bearer not-the-token" } })).status).toBe(401);
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/article\/:id",status="200"\} 3/);
    expect(body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/article\/:id"\} 3/);
    expect(body).toMatch(/page_cache_requests_total\{result="hit"\} [1-9]/);
    expect(body).toMatch(/page_cache_requests_total\{result="miss"\} [1-9]/);
    expect(body).toMatch(/db_pool_waiting \d+/);
    expect(body).toMatch(/db_pool_connections\{state="idle"\} \d+/);
    expect(body).toContain("nodejs_eventloop_lag_seconds");
    expect(body).toContain("process_resident_memory_bytes");
    expect(body).not.toContain(articles[0]!.slug);
  });
});

import { describe, expect, it, vi } from "vitest";
import { metricsResponse, routeLabel } from "./metrics";

describe("routeLabel", () => {
  it("keeps our words and writes every slug or id as :id, whatever the language prefix", () => {
    expect(routeLabel("/")).toBe("/");
    expect(routeLabel("/ne")).toBe("/");
    expect(routeLabel("/article/ward-budget-2083?ref=x")).toBe("/article/:id");
    expect(routeLabel("/ne/article/नेपालको-बजेट.data")).toBe("/article/:id");
    expect(routeLabel("/api/news/ward-budget/revisions/12/restore")).toBe("/api/news/:id/revisions/:id/restore");
    expect(routeLabel("/api/users/me/bookmarks/7")).toBe("/api/users/me/bookmarks/:id");
    expect(routeLabel("/assets/entry.client-abc123.js")).toBe("/assets/:file");
    expect(routeLabel("/wp-login.php")).toBe("/:id");
  });
});

describe("metricsResponse", () => {
  it("is not there without a token, refuses a wrong one, and answers the right one", async () => {
    expect((await metricsResponse(undefined, "Bearer anything")).status).toBe(404);
    expect((await metricsResponse("s3cret-metrics", undefined)).status).toBe(401);
    expect((await metricsResponse("s3cret-metrics", "Bearer s3cret-metricx")).status).toBe(401);
    const answer = await metricsResponse("s3cret-metrics", "Bearer s3cret-metrics");
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("process_resident_memory_bytes");
    expect(answer.body).toContain("nodejs_eventloop_lag_seconds");
  });

  it("does not list the process's handles on the request thread, and counts its descriptors", async () => {
    const handles = vi.spyOn(process as unknown as { _getActiveHandles: () => unknown[] }, "_getActiveHandles");
    const resources = vi.spyOn(process, "getActiveResourcesInfo");
    const answer = await metricsResponse("s3cret-metrics", "Bearer s3cret-metrics");
    expect(handles).not.toHaveBeenCalled();
    expect(resources).not.toHaveBeenCalled();
    expect(answer.body).not.toContain("nodejs_active_handles");
    expect(Number(answer.body.match(/^process_open_fds (\d+)$/m)?.[1])).toBeGreaterThan(2);
    handles.mockRestore();
    resources.mockRestore();
  });
});

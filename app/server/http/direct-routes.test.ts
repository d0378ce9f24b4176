import { describe, expect, it } from "vitest";
import { declaredRoutes } from "../../../tests/support/route-table";
import { DIRECT_ROUTES } from "./direct-routes";

describe("the routes answered directly", () => {
  it("are routes of app/routes.ts, by the id the build gives them, and private", async () => {
    const routes = new Map((await declaredRoutes()).map((route) => [route.id, route]));
    expect(DIRECT_ROUTES.size).toBeGreaterThan(0);
    for (const id of DIRECT_ROUTES.keys()) expect([id, routes.get(id)?.sharing]).toEqual([id, "private"]);
  });
});

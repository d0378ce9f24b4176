/**
 * Each request is answered by a handler that knows only the routes its path matched
 * (server/route-handlers.ts). The route manifest, which the back office asks for as it navigates
 * in the browser, must still know every route, whichever pages were asked for before.
 */
import { expect, it } from "vitest";
import { asAdmin, baseUrl } from "./client";

it("answers the route manifest with the routes of every path asked about, after those pages were served", async () => {
  const dashboard = await (await fetch(`${baseUrl()}/admin`, { headers: { authorization: `Bearer ${await asAdmin()}` } })).text();
  const version = /"version":\s*"(\w+)"/.exec(dashboard)?.[1];
  expect(version).toMatch(/^\w+$/);
  for (const page of ["/admin/users", "/search?q=x", "/API/news"]) await (await fetch(baseUrl() + page)).arrayBuffer();

  const paths = ["/admin/users", "/admin/categories", "/search", "/ne/article/any-story"].join(",");
  const res = await fetch(`${baseUrl()}/__manifest?paths=${encodeURIComponent(paths)}&version=${version}`);
  expect(res.status).toBe(200);
  const patches = (await res.json()) as Record<string, { path?: string }>;
  const patterns = Object.values(patches).map((route) => route.path);
  expect(patterns).toEqual(expect.arrayContaining(["admin/users", "admin/categories", "search", "ne/article/:slug"]));
});

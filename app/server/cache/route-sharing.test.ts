import { beforeAll, describe, expect, it } from "vitest";
import { type DeclaredRoute, declaredRoutes } from "../../../tests/support/route-table";
import { type SharingOf, routeSharing, routerPathname } from "./route-sharing";

let routes: DeclaredRoute[];
let sharingOf: SharingOf;

beforeAll(async () => {
  routes = await declaredRoutes();
  sharingOf = routeSharing(routes);
});

describe("every route declares what may be shared", () => {
  it("has a sharing declaration in each module app/routes.ts names, the root included", () => {
    const undeclared = routes.filter((route) => !["public", "public-read", "private"].includes(route.sharing as string)).map((route) => route.file);
    expect(undeclared).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it("declares the back office, the tip line and the API's writes and personal reads private", () => {
    const notPrivate = routes
      .filter((route) => /^(routes\/admin\/|routes\/tips\.tsx$|routes\/api\/(users|tips|session|upload|audit|review|comments\.|comments\.ts|notes|news\.\$slug\.(review|notes|revisions|translation)))/.test(route.file))
      .filter((route) => route.sharing !== "private")
      .map((route) => route.file);
    expect(notPrivate).toEqual([]);
  });
});

describe("the sharing of an address is the matched route's, however the address is written", () => {
  it("keeps the back office, the tip line and the private API private through case, encoding, language, data and slash variants", async () => {
    const variants = [
      "/admin/users",
      "/Admin/users",
      "/ADMIN/USERS",
      "/%61dmin/users",
      "/%41dmin/%75sers",
      "/ne/Admin/users",
      "/NE/admin/users",
      "/en/admin/users",
      "/admin/users.data",
      "/Admin/users.data?_routes=x",
      "/admin/users/",
      "/admin/users/_.data",
      "/admin",
      "/Admin",
      "/admin/anything-unknown",
      "/tips",
      "/Tips",
      "/TIPS",
      "/%74ips",
      "/ne/Tips",
      "/tips.data",
      "/tips/",
      "/api/users",
      "/API/users",
      "/Api/Users",
      "/%61pi/users",
      "/api/users/me",
      "/api/Users/Me",
      "/api/tips/inbox",
      "/API/tips/inbox/1",
      "/api/news/x/revisions",
      "/API/News/x/Revisions",
      "/api/not-a-route",
      "/api/Session",
      "/./admin/users",
      "/x/../admin/users",
    ];
    const shared = [];
    for (const address of variants) if (((await sharingOf.of(address)).sharing) !== "private") shared.push(address);
    expect(shared).toEqual([]);
  });

  it("shares public pages and feeds in every language and spelling the router takes", async () => {
    for (const address of ["/", "/ne", "/ne/", "/article/x", "/Article/x", "/ne/article/x.data", "/news", "/category/politics", "/search?q=x", "/tipsy-story", "/tips-and-tricks", "/login", "/feeds/rss.xml", "/sitemap.xml", "/robots.txt", "/no-such-page"]) {
      expect([address, (await sharingOf.of(address)).sharing]).toEqual([address, "public"]);
    }
  });

  it("makes the public API's reads, and only those, shareable API reads, whatever their case", async () => {
    for (const address of ["/api/news", "/API/News", "/api/news/some-slug", "/api/news/12/comments", "/api/categories", "/api/Categories/3", "/api/tags", "/api/writers/2"]) {
      expect([address, (await sharingOf.of(address)).sharing]).toEqual([address, "public-read"]);
    }
  });

  it("remembers a decision for the fast path only once it is taken, by path", async () => {
    expect(sharingOf.known("/category/remembered")?.sharing).toBeUndefined();
    expect((await sharingOf.of("/category/remembered?page=2")).sharing).toBe("public");
    expect(sharingOf.known("/category/remembered?page=3")?.sharing).toBe("public");
    expect(sharingOf.known("/Admin/remembered")?.sharing).toBeUndefined();
    await sharingOf.of("/Admin/remembered");
    expect(sharingOf.known("/Admin/remembered")?.sharing).toBe("private");
  });

  it("reads the router's path: no data suffix, the slash it keeps", () => {
    expect(routerPathname("/news.data?_routes=x")).toBe("/news");
    expect(routerPathname("/news/_.data")).toBe("/news/");
    expect(routerPathname("/%61dmin")).toBe("/%61dmin");
  });
});

describe("deny by default", () => {
  const table = (extra: Partial<DeclaredRoute>[]) =>
    routeSharing([
      { id: "root", path: "", sharing: "public" },
      ...extra.map((route) => ({ id: route.id!, parentId: "root", sharing: undefined, ...route })),
    ]);

  it("keeps a route that declares nothing, or something unknown, private", async () => {
    const sharing = table([
      { id: "a", path: "undeclared" },
      { id: "b", path: "misspelt", sharing: "publc" },
      { id: "c", path: "declared", sharing: "public" },
    ]);
    expect((await sharing.of("/undeclared")).sharing).toBe("private");
    expect((await sharing.of("/misspelt")).sharing).toBe("private");
    expect((await sharing.of("/declared")).sharing).toBe("public");
    expect((await sharing.of("/unmatched")).sharing).toBe("private");
  });

  it("keeps a public page under a private layout private, and an API read only where it answers", async () => {
    const sharing = routeSharing([
      { id: "root", path: "", sharing: "public" },
      { id: "layout", parentId: "root", sharing: "private" },
      { id: "page", parentId: "layout", path: "inside", sharing: "public" },
      { id: "read-layout", parentId: "root", path: "reads", sharing: "public-read" },
      { id: "read-page", parentId: "read-layout", path: "x", sharing: "public" },
    ]);
    expect((await sharing.of("/inside")).sharing).toBe("private");
    expect((await sharing.of("/reads/x")).sharing).toBe("private");
  });

  it("keeps everything private under an undeclared root", async () => {
    const sharing = routeSharing([
      { id: "root", path: "", sharing: undefined },
      { id: "page", parentId: "root", path: "page", sharing: "public" },
    ]);
    expect((await sharing.of("/page")).sharing).toBe("private");
  });
});

describe("what the log may keep of a request is the matched route's", () => {
  it("logs the tip line's requests by the hour, under the route's pattern, however the address is written", async () => {
    const tipLine: [string, string][] = [
      ["/tips", "/tips"],
      ["/Tips", "/tips"],
      ["/%74ips", "/tips"],
      ["/tips.data", "/tips"],
      ["/tips/", "/tips"],
      ["/ne/tips", "/ne/tips"],
      ["/NE/Tips.data", "/ne/tips"],
      ["/en/tips", "/en/tips"],
      ["/api/tips", "/api/tips"],
      ["/API/Tips/Setup", "/api/tips/setup"],
      ["/api/tips/attachments/Zm9vYmFy/parts/3?x=1", "/api/tips/attachments/:id/parts/:part"],
      ["/%61pi/tips/attachments/abc/parts/0", "/api/tips/attachments/:id/parts/:part"],
      ["/api/tips/conversation/messages", "/api/tips/conversation/messages"],
      ["/api/tips/inbox/42/attachments/abc", "/api/tips/inbox/:id/attachments/:attachment"],
      ["/admin/tips", "/admin/tips"],
      ["/ne/admin/tips/key", "/ne/admin/tips/key"],
    ];
    for (const [address, route] of tipLine) {
      expect([address, await sharingOf.of(address)]).toMatchObject([address, { sharing: "private", logging: "hourly", route }]);
    }
  });

  it("times the requests of routes that declare it, and names them by pattern, not by path", async () => {
    expect(await sharingOf.of("/article/some-story?utm=x")).toMatchObject({ sharing: "public", logging: "timed", route: "/article/:slug", params: { slug: "some-story" } });
    expect(await sharingOf.of("/ne/admin/users")).toMatchObject({ logging: "timed", route: "/ne/admin/users" });
    expect(await sharingOf.of("/api/users/7")).toMatchObject({ logging: "timed", route: "/api/users/:id" });
    // A path no page takes could be a source's typo of the tip line's: counted by the hour.
    expect(await sharingOf.of("/api/tipz/1")).toMatchObject({ logging: "hourly", route: "/api/*" });
    expect(await sharingOf.of("/tipz")).toMatchObject({ logging: "hourly", route: "/*" });
  });

  it("logs by the hour what a route does not declare timed, and what matches nothing", async () => {
    const logging = routeSharing([
      { id: "root", path: "", sharing: "public", logging: "timed" },
      { id: "a", parentId: "root", path: "undeclared", sharing: "public" },
      { id: "b", parentId: "root", path: "misspelt", sharing: "public", logging: "time" },
      { id: "c", parentId: "root", path: "declared/:id", sharing: "public", logging: "timed" },
    ]);
    expect(await logging.of("/undeclared")).toMatchObject({ logging: "hourly", route: "/undeclared" });
    expect(await logging.of("/misspelt")).toMatchObject({ logging: "hourly" });
    expect(await logging.of("/declared/9")).toEqual({ sharing: "public", logging: "timed", route: "/declared/:id", params: { id: "9" }, ids: ["root", "c"] });
    expect(await logging.of("/unmatched")).toEqual({ sharing: "private", logging: "hourly", route: "(unmatched)", params: {}, ids: [] });
  });

  it("gives a route's direct handler (server/http/direct.ts) and its parameters for the variants of its path the router folds, and no other route's", async () => {
    const handler = () => undefined;
    const direct = routeSharing([
      { id: "root", path: "", sharing: "public" },
      { id: "api", parentId: "root", path: "api", sharing: "public" },
      { id: "stream", parentId: "api", path: "news/:slug/updates/stream", sharing: "private", direct: handler },
      { id: "updates", parentId: "api", path: "news/:slug/updates", sharing: "public-read" },
    ]);
    for (const address of ["/api/news/a-story/updates/stream", "/API/News/a-story/Updates/Stream?after=4", "/%61pi/news/a-story/updates/stream"]) {
      expect([address, await direct.of(address)]).toEqual([address, { sharing: "private", logging: "hourly", route: "/api/news/:slug/updates/stream", direct: handler, params: { slug: "a-story" }, ids: ["root", "api", "stream"] }]);
    }
    expect((await direct.of("/api/news/%E0%A4%95/updates/stream")).params).toEqual({ slug: "क" });
    expect((await direct.of("/api/news/a-story/updates")).direct).toBeUndefined();
    expect((await direct.of("/api/news/a-story/updates/stream/more")).direct).toBeUndefined();
  });
});

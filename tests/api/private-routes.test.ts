/**
 * Issue 35: the shared cache stored a signed-in admin's answers to `/Admin/users`, `/%61dmin/users`
 * or `/API/users` (addresses the router takes as `/admin/users` and `/api/users`) and served them to
 * the next stranger. Every private route of the app, through the spellings an attacker would try,
 * asked first signed in and then anonymously.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type DeclaredRoute, declaredRoutes } from "../support/route-table";
import { TEST_ADMIN } from "../support/server";
import { type ApiResponse, asAdmin, call, newReader } from "./client";
import { createArticle, createCategory } from "./fixtures";

let routes: DeclaredRoute[];
let adminToken: string;
let reader: Awaited<ReturnType<typeof newReader>>;
let draft: Awaited<ReturnType<typeof createArticle>>;
/** Texts only a signed-in newsroom member may see: none may reach a stranger. */
let secrets: string[];

beforeAll(async () => {
  routes = await declaredRoutes();
  adminToken = await asAdmin();
  reader = await newReader();
  draft = await createArticle({ is_published: "false", title: `Unpublished investigation ${Date.now()}` });
  secrets = [TEST_ADMIN.email, reader.user.email, draft.title];
});

const LOCALE_PREFIX = /^(ne|en)(\/|$)/;

/** A value for each parameter a private route takes; a route with another one fails the test. */
function fill(path: string): string {
  const values: Record<string, string> = {
    slug: draft.slug,
    id: String(draft.id),
    articleId: String(draft.id),
    part: "0",
    attachment: "1",
    page: "1",
  };
  return path
    .split("/")
    .map((segment) => {
      if (segment === "*") return "anything-else";
      if (!segment.startsWith(":")) return segment;
      const value = values[segment.slice(1).replace(/\?$/, "")];
      if (value === undefined) throw new Error(`No value for ${segment} in ${path}: add one to fill()`);
      return value;
    })
    .join("/");
}

/** A segment with its first letter percent-encoded: `admin` → `%61dmin`. */
const encodeFirst = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
const capitalise = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);

/** The spellings the router takes for the same route as `path` (filled, without a leading slash). */
function variants(path: string, api: boolean): string[] {
  const [first, ...rest] = path.split("/");
  const tail = rest.length ? `/${rest.join("/")}` : "";
  const spelt = [`/${path}`, `/${capitalise(first!)}${tail}`, `/${first!.toUpperCase()}${tail}`, `/${encodeFirst(first!)}${tail}`, `/${path}/`];
  if (api) return spelt;
  return [...spelt, `/ne/${capitalise(first!)}${tail}`, `/NE/${path}`, `/${path}.data`, `/${capitalise(first!)}${tail}.data`];
}

/** Every private route's address, once: the unprefixed mount of pages (the variants add the languages). */
function privateAddresses(): { file: string; path: string; api: boolean }[] {
  const seen = new Set<string>();
  const found: { file: string; path: string; api: boolean }[] = [];
  for (const route of routes) {
    if (route.sharing !== "private" || LOCALE_PREFIX.test(route.fullPath) || route.fullPath === "") continue;
    const path = fill(route.fullPath);
    if (seen.has(path)) continue;
    seen.add(path);
    found.push({ file: route.file, path, api: route.fullPath.startsWith("api/") });
  }
  return found;
}

const get = (address: string, signedIn: boolean): Promise<ApiResponse> => call(address, { headers: signedIn ? { cookie: `session=${adminToken}` } : {} });

function leaked(response: ApiResponse): string[] {
  const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
  return secrets.filter((secret) => text.includes(secret));
}

describe("a private route, however it is spelt", () => {
  it("covers the back office, the tip line and the private API", () => {
    const files = new Set(privateAddresses().map((address) => address.file));
    for (const file of ["routes/admin/users.tsx", "routes/admin/dashboard.tsx", "routes/tips.tsx", "routes/api/users.ts", "routes/api/users.me.ts", "routes/api/tips.inbox.ts", "routes/api/news.$slug.revisions.ts", "routes/api/news.$slug.live.ts", "routes/api/news.$slug.updates.$id.ts"]) {
      expect(files).toContain(file);
    }
  });

  it("is answered private, no-store when signed in, and gives a stranger asking next no private data and nothing stored", async () => {
    const failures: string[] = [];
    for (const { path, api } of privateAddresses()) {
      for (const address of variants(path, api)) {
        const signed = await get(address, true);
        if (signed.headers.get("cache-control") !== "private, no-store") failures.push(`${address} signed in: Cache-Control ${signed.headers.get("cache-control")}`);
        const anonymous = await get(address, false);
        if (anonymous.headers.get("x-page-cache") === "hit") failures.push(`${address} anonymous: served from the shared cache`);
        if (anonymous.headers.get("cache-control") !== "private, no-store") failures.push(`${address} anonymous: Cache-Control ${anonymous.headers.get("cache-control")}`);
        const found = leaked(anonymous);
        if (found.length > 0) failures.push(`${address} anonymous: holds ${found.join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("gives a stranger no user list after an admin opened the addresses of the report", async () => {
    for (const address of ["/Admin/users", "/%61dmin/users", "/ne/Admin/users", "/API/users", "/Tips"]) {
      const signed = await get(address, true);
      expect([address, signed.headers.get("cache-control")]).toEqual([address, "private, no-store"]);
      const anonymous = await get(address, false);
      expect([address, leaked(anonymous), anonymous.headers.get("cache-control")]).toEqual([address, [], "private, no-store"]);
    }
    // The admin's own answer did hold the list: the check above would have seen it.
    const list = await call("/API/users", { token: adminToken });
    expect(JSON.stringify(list.body)).toContain(TEST_ADMIN.email);
  });
});

describe("a public page asked for with credentials", () => {
  it("stores nothing for anyone else, and is given the stored page once a stranger's request has stored it", async () => {
    const { slug } = await createCategory();
    const address = `/category/${slug}`;
    const signed = await get(address, true);
    expect(signed.status).toBe(200);
    expect(signed.headers.get("cache-control")).toBe("private, no-store");
    expect(signed.headers.get("x-page-cache")).toBeNull();

    const first = await get(address, false);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("cache-control")).toContain("public");
    const second = await get(address, false);
    expect(second.headers.get("x-page-cache")).toBe("hit");

    const signedAgain = await get(address, true);
    expect(signedAgain.headers.get("x-page-cache")).toBe("hit");
    expect(signedAgain.body).toBe(second.body);
  });

  it("is never shared from the API: a signed-in read of a public API address skips the cache both ways", async () => {
    await call("/API/News?limit=3");
    const anonymous = await call("/API/News?limit=3");
    expect(anonymous.headers.get("x-page-cache")).toBe("hit");
    const signed = await call("/API/News?limit=3", { token: adminToken });
    expect(signed.headers.get("x-page-cache")).toBeNull();
    expect(signed.headers.get("cache-control")).toBe("private, no-store");
  });
});

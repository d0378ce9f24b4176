/**
 * "Most read" (issue 15): reads counted from a page's beacon without keeping anything of the
 * reader, bots and repeats left out, and the ranking shown on the home page and beside a story,
 * whose pages stay cached and shared. Its own server: a one-second period, and behind a proxy, so
 * that the test can be several readers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";

let server: RunningServer;
let token: string;
const BROWSER = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0 Mobile Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

beforeAll(async () => {
  server = await startServer({ MOST_READ_REFRESH_SECONDS: "1", TRUST_PROXY: "1" });
  const login = await fetch(`${server.baseUrl}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }) });
  token = ((await login.json()) as { token: string }).token;
}, 120_000);

afterAll(() => server?.stop());

const api = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers } });

async function story(title: string, published = true): Promise<{ id: number; slug: string }> {
  const writer = (await (await api("/api/writers", { method: "POST", body: JSON.stringify({ name: `Writer of ${title}`, email: `${title.replace(/\W+/g, "-").toLowerCase()}@test.example` }) })).json()) as { id: number };
  const res = await api("/api/news", { method: "POST", body: JSON.stringify({ title, content: `<p>${title}, in full.</p>`, writer_id: writer.id, is_published: String(published) }) });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; slug: string };
}

const read = (id: number | string, address: string, agent = BROWSER) =>
  fetch(`${server.baseUrl}/api/reads?article_id=${id}`, { method: "POST", headers: { "user-agent": agent, "x-forwarded-for": address } });

/** The titles of the home page's "Most read", in order. */
async function mostReadOn(path: string): Promise<string[]> {
  const html = await (await fetch(`${server.baseUrl}${path}`)).text();
  const block = html.match(/<section[^>]*data-most-read[^>]*>([\s\S]*?)<\/section>/)?.[1] ?? "";
  return [...block.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
}

describe("most read", () => {
  it("counts readers' beacons, not bots, repeats or drafts, and ranks the stories on the home page and beside a story", async () => {
    const [first, second, third] = [await story("Most read first"), await story("Most read second"), await story("Most read third")];
    const draft = await story("Most read draft", false);

    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) expect((await read(first.id, address)).status).toBe(204);
    for (const address of ["10.0.0.1", "10.0.0.2"]) await read(second.id, address);
    await read(third.id, "10.0.0.1");
    // The same reader again, a crawler, a draft: none of them counts.
    for (let i = 0; i < 5; i++) {
      await read(third.id, "10.0.0.1");
      await read(third.id, `10.0.1.${i}`, BOT);
      await read(draft.id, `10.0.2.${i}`);
    }

    await expect.poll(() => mostReadOn("/"), { timeout: 10_000 }).toEqual(["Most read first", "Most read second", "Most read third"]);
    expect(await mostReadOn(`/article/${second.slug}`)).toEqual(["Most read first", "Most read second", "Most read third"]);
  });

  it("answers a beacon with nothing to remember it by, and refuses one that names no story", async () => {
    const answer = await read(1, "10.0.3.1");
    expect(answer.status).toBe(204);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect((await read("abc", "10.0.3.1")).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/api/reads`, { method: "POST" })).status).toBe(400);
  });

  it("keeps the pages cached and shared: a beacon clears nothing, and a page lives as long as its ranking", async () => {
    const { id } = await story("Most read cached");
    const cache = async () => (await fetch(`${server.baseUrl}/`)).headers.get("x-page-cache");
    await cache();
    expect(await cache()).toBe("hit");
    await read(id, "10.0.4.1");
    expect(await cache()).toBe("hit");
    // Past the one-second period the page is sent as it was while it is rendered again, with the
    // ranking of the moment, behind it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await cache()).toBe("stale");
    await expect.poll(cache, { timeout: 5_000 }).toBe("hit");
    // Not asked for in a whole period past its life, it is rendered for the reader who asks.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await cache()).toBe("miss");
    expect(await cache()).toBe("hit");
  });
});

/** First start, restart and SIGTERM, on a server of this file's own with the embedded database. */
import http from "node:http";
import net from "node:net";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.mjs";
import { isUnreapedZombie } from "../support/process-state";
import { type RunningServer, TEST_ADMIN, runUntilExit, startServer } from "../support/server";

const NO_ADMIN_ENV = { ADMIN_EMAIL: "", ADMIN_PASSWORD: "", DEMO_CONTENT: "" };

async function json(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as any };
}

async function signIn(baseUrl: string, username: string, password: string) {
  return json(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
}

describe("first start, restart and shutdown", () => {
  let first: RunningServer;
  let password = "";
  let articleTotal = 0;

  beforeAll(async () => {
    first = await startServer(NO_ADMIN_ENV);
  });
  afterAll(async () => {
    if (first.child.exitCode === null) await first.stop();
  });

  it("creates the first admin with a generated password, in a file only the server's user reads and never in the log, that signs in", async () => {
    const file = path.join(first.dataDir, "first-admin-password.txt");
    expect(first.output()).toContain(`Created the first admin account: admin@example.com. Its password is in ${file}`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    password = (await readFile(file, "utf8")).trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(first.output()).not.toContain(password);
    const login = await signIn(first.baseUrl, "admin@example.com", password);
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe("admin");
  });

  it("loads the bilingual demo into the empty embedded database", async () => {
    const token = (await signIn(first.baseUrl, "admin@example.com", password)).body.token;
    const all = await json(`${first.baseUrl}/api/news?limit=100`, { headers: { authorization: `Bearer ${token}` } });
    expect(all.body.total).toBeGreaterThanOrEqual(40);
    articleTotal = all.body.total;
    const languages = new Set(all.body.articles.map((a: { language: string }) => a.language));
    expect(languages).toEqual(new Set(["ne", "en"]));
    expect(all.body.articles.some((a: { is_published: boolean }) => !a.is_published)).toBe(true);
    expect(all.body.articles.some((a: { is_featured: boolean }) => a.is_featured)).toBe(true);

    const guest = await json(`${first.baseUrl}/api/news?limit=100`);
    expect(guest.body.total).toBeLessThan(all.body.total);
    expect(guest.body.articles.every((a: { is_published: boolean }) => a.is_published)).toBe(true);

    const categories = await json(`${first.baseUrl}/api/categories`);
    const names = categories.body.map((c: { name: string }) => c.name);
    expect(categories.body.length).toBeGreaterThanOrEqual(8);
    expect(names).toEqual(expect.arrayContaining(["Opinion", "Featured"]));
    expect((await json(`${first.baseUrl}/api/writers`)).body).toHaveLength(4);
    expect((await json(`${first.baseUrl}/api/tags`)).body).toHaveLength(10);
  });

  it("logs one JSON line per request with its id, which the answer carries, and never the query", async () => {
    const res = await fetch(`${first.baseUrl}/api/news?limit=1&search=a-secret-search`, { headers: { "x-request-id": "proxy-request-0001" } });
    expect(res.headers.get("x-request-id")).toBe("proxy-request-0001");
    const own = await fetch(`${first.baseUrl}/about`);
    const id = own.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // A cached answer carries the id of the request it answers, not that of the one that rendered it.
    for (const proxied of ["proxy-request-0002", "proxy-request-0003"]) {
      const hit = await fetch(`${first.baseUrl}/about`, { headers: { "x-request-id": proxied } });
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(hit.headers.get("x-request-id")).toBe(proxied);
    }
    // Lines are written at least every second.
    const logged = () => first.output().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect.poll(() => logged().some((line) => line.reqId === id), { timeout: 5_000 }).toBe(true);
    const lines = logged();
    expect(lines.find((line) => line.reqId === "proxy-request-0001")).toMatchObject({ msg: "request", method: "GET", route: "/api/news", status: 200, ms: expect.any(Number) });
    expect(lines.find((line) => line.reqId === id)).toMatchObject({ msg: "request", route: "/about", status: 200 });
    // The route's pattern, never the path asked for.
    expect(lines.filter((line) => "path" in line)).toEqual([]);
    expect(first.output()).not.toContain("a-secret-search");
    // Whatever else it logs is JSON too: the start, the first admin, the demo.
    expect(lines.some((line) => String(line.msg).startsWith("Serving on"))).toBe(true);
  });

  it("a reader who leaves before the page arrives is not logged as a server error", async () => {
    const url = new URL(first.baseUrl);
    // Pages that are not kept in the page cache (here a 404) are streamed to the socket.
    const paths = [1, 2, 3].map((n) => `/gone-before-the-page-${n}`);
    for (const path of paths) {
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(Number(url.port), url.hostname, () => {
          socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`, () => {
            socket.destroy();
            resolve();
          });
        });
        socket.on("error", reject);
      });
    }
    // The same pages, asked for again and waited for, are rendered after the abandoned ones.
    for (const path of paths) expect((await fetch(`${first.baseUrl}${path}`)).status).toBe(404);
    // The log is written at least every second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(first.output()).not.toMatch(/Error|^\s+at /m);
  });

  it("on SIGTERM finishes the request in flight, then exits cleanly", async () => {
    const url = new URL(`${first.baseUrl}/api/newsletter`);
    const body = JSON.stringify({ email: "late-reader@example.com" });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        { hostname: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      // Half the body now, the rest after the server was told to stop.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        first.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const exited = new Promise<number | null>((resolve) => first.child.once("exit", resolve));

    const result = await response;
    expect(result.status).toBe(201);
    expect(JSON.parse(result.text)).toEqual({ subscribed: true });
    expect(await exited).toBe(0);
    expect(first.output()).toContain("Stopped cleanly");
  });

  it("restarts on the same data: nothing is lost, seeded again or printed again", async () => {
    const second = await startServer(NO_ADMIN_ENV, { dataDir: first.dataDir });
    try {
      expect(second.output()).not.toMatch(/password/);
      expect(second.output()).not.toMatch(/demo content/);
      const login = await signIn(second.baseUrl, "admin@example.com", password);
      expect(login.status).toBe(200);
      const all = await json(`${second.baseUrl}/api/news?limit=1`, { headers: { authorization: `Bearer ${login.body.token}` } });
      expect(all.body.total).toBe(articleTotal);
      const users = await json(`${second.baseUrl}/api/users`, { headers: { authorization: `Bearer ${login.body.token}` } });
      expect(users.body.filter((u: { role: string }) => u.role === "admin")).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});

describe("a start straight after a crash", () => {
  let crashed: RunningServer | undefined;
  let restarted: RunningServer | undefined;

  afterAll(async () => {
    await restarted?.stop({ keepData: true });
    await crashed?.stop();
  });

  it("after kill -9 of the server's process group, starts again on the same folder while the killed server is still unreaped, with its data; a second live server is still refused", async () => {
    crashed = await startServer({}, { unreaped: true });
    const token = (await signIn(crashed.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password)).body.token;
    const tag = await json(`${crashed.baseUrl}/api/tags`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: "Written before the crash" }),
    });
    expect(tag.status).toBe(201);

    process.kill(-crashed.pid, "SIGKILL");
    // Started at once, while the killed server is still exiting or a zombie. What used to refuse
    // it: the lock file names the killed server, and kill(pid, 0) finds it (it still does below).
    expect(await readFile(path.join(crashed.dataDir, "db.lock"), "utf8")).toBe(String(crashed.pid));
    restarted = await startServer({}, { dataDir: crashed.dataDir });
    expect(isUnreapedZombie(crashed.pid)).toBe(true);
    expect(process.kill(crashed.pid, 0)).toBe(true);
    expect((await json(`${restarted.baseUrl}/api/health`)).body).toEqual({ status: "ok" });
    expect((await json(`${restarted.baseUrl}/api/tags/${tag.body.id}`)).body).toEqual(tag.body);

    const second = await runUntilExit({ DATA_DIR: crashed.dataDir, PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(
      `Cannot start: The embedded database in ${path.join(crashed.dataDir, "db")} is in use by process ${restarted.pid}: stop it first (one process per data folder).`,
    );
    expect((await json(`${restarted.baseUrl}/api/tags/${tag.body.id}`)).body).toEqual(tag.body);
  }, 240_000);
});

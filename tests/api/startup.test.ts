/**
 * Issue 16: configuration that cannot work stops the server at once with one clear line on stderr
 * and a non-zero exit, and a running instance says whether it can serve (`/api/ready`).
 */
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { runUntilExit } from "../support/server";
import { freePort } from "../support/free-port.mjs";
import { baseUrl } from "./client";

const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");

describe("a start that cannot work", () => {
  it("a port already in use: one line naming it, exit 1", async () => {
    const port = await freePort();
    const taken = createServer().listen(port, "127.0.0.1");
    await new Promise((resolve) => taken.once("listening", resolve));
    try {
      const run = await runUntilExit({ PORT: String(port) });
      expect(run.code).toBe(1);
      expect(lines(run.stderr)).toEqual([`Cannot serve on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port}`]);
      expect(run.stdout).not.toContain("Serving on");
    } finally {
      taken.close();
    }
  }, 90_000);

  it("an unreachable DATABASE_URL: one line naming where, never the password, exit 1", async () => {
    const port = await freePort();
    const run = await runUntilExit({ PORT: String(await freePort()), DATABASE_URL: `postgres://khulasa:s3cret-pass@127.0.0.1:${port}/khulasa` });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([`Cannot reach the database at 127.0.0.1:${port}/khulasa (DATABASE_URL): nothing answers there.`]);
    expect(run.stderr + run.stdout).not.toContain("s3cret-pass");
  }, 90_000);

  it("a setting it cannot use: one line naming it and what it takes, exit 1", async () => {
    const edition = await runUntilExit({ PORT: String(await freePort()), EDITION_MODE: "nepali" });
    expect(edition.code).toBe(1);
    expect(lines(edition.stderr)).toEqual(['EDITION_MODE must be "own-language" or "fallback", not "nepali"']);
    const bucket = await runUntilExit({ PORT: String(await freePort()), MEDIA_STORAGE: "s3", S3_BUCKET: "media" });
    expect(bucket.code).toBe(1);
    expect(lines(bucket.stderr)).toEqual(["MEDIA_STORAGE=s3 needs MEDIA_PUBLIC_URL"]);
  }, 90_000);
});

describe("GET /api/ready", () => {
  it("answers 200 on a serving instance, never cached", async () => {
    const res = await fetch(`${baseUrl()}/api/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready" });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

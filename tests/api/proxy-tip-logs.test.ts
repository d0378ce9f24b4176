/**
 * Issue 36: the shipped HAProxy configuration (deploy/haproxy.cfg) never logs a request to the tip
 * line, however its path is written, and still logs the rest. HAProxy itself runs it (Debian's
 * `haproxy`; `apt-get install haproxy`): only the listening address is changed, and with no
 * replica of the app to reach every request is answered 503, which HAProxy logs like any other.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.mjs";

const shipped = fileURLToPath(new URL("../../deploy/haproxy.cfg", import.meta.url));
const installed = spawnSync("haproxy", ["-v"]).status === 0;

let dir: string;
let port: number;
let proxy: ChildProcess;
let output = "";

beforeAll(async () => {
  if (!installed) throw new Error("HAProxy is not installed: `apt-get install haproxy` (Debian) to check deploy/haproxy.cfg with it.");
  dir = await mkdtemp(path.join(os.tmpdir(), "khulasa-haproxy-"));
  port = await freePort();
  const config = path.join(dir, "haproxy.cfg");
  const text = readFileSync(shipped, "utf8");
  expect(text).toMatch(/^\s+bind :8080$/m);
  writeFileSync(config, text.replace(/^(\s+)bind :8080$/m, `$1bind 127.0.0.1:${port}`));
  proxy = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] });
  proxy.stdout!.on("data", (chunk) => (output += chunk));
  proxy.stderr!.on("data", (chunk) => (output += chunk));
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`http://127.0.0.1:${port}/proxy-started`);
      break;
    } catch (error) {
      if (tries > 50 || proxy.exitCode !== null) throw new Error(`HAProxy did not start:\n${output}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

afterAll(async () => {
  if (proxy && proxy.exitCode === null) {
    const exited = new Promise((resolve) => proxy.once("exit", resolve));
    proxy.kill("SIGTERM");
    await exited;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A request with the path exactly as written (no `..` resolved, no encoding changed), as any client may send it. */
async function ask(pathname: string): Promise<void> {
  const { request } = await import("node:http");
  await new Promise<void>((resolve, reject) => {
    request({ host: "127.0.0.1", port, path: pathname }, (res) => {
      res.resume();
      res.on("end", resolve);
    })
      .on("error", reject)
      .end();
  });
}

describe("the shipped HAProxy configuration", () => {
  it("is valid for HAProxy", () => {
    const check = spawnSync("haproxy", ["-c", "-f", shipped], { encoding: "utf8" });
    expect(check.stdout + check.stderr).toContain("Configuration file is valid");
    expect(check.status).toBe(0);
  });

  it("logs no request to the tip line, in any case, encoding or language, and still logs the site's", async () => {
    const tipLine = [
      "/tips",
      "/Tips",
      "/TIPS?from=somewhere",
      "/%74ips",
      "/%54ips",
      "/tips.data",
      "/tips/_.data",
      "/ne/tips",
      "/NE/Tips.data",
      "/en/tips",
      "/x/../tips",
      "//tips",
      "/api/tips",
      "/API/Tips/Setup",
      "/%61pi/tips/attachments/unique-attachment-id/parts/0",
      "/api/tips/attachments/unique-attachment-id/parts/1",
      "//api//tips/conversation",
      "/api/tips/inbox/42",
    ];
    const site = ["/about", "/article/tips-for-gardeners", "/api/news", "/ne/article/x"];
    for (const pathname of [...tipLine, ...site]) await ask(pathname);
    // The last line of a request HAProxy logs is written before the answer's end: wait for the site's last one.
    await expect.poll(() => output.includes("GET /ne/article/x "), { timeout: 5_000 }).toBe(true);
    const logged = output.split("\n").filter((line) => / GET \//.test(line) && !line.includes(" GET /proxy-started "));
    expect(logged.map((line) => / GET (\S+)/.exec(line)![1])).toEqual(site);
    expect(output).not.toContain("unique-attachment-id");
  });
});

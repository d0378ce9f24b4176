/**
 * Issue 36: `npm run verify-tips` against the test server, which runs this build, and against a
 * proxy in front of it that changes one thing of what the tip line sends: a byte of one chunk, an
 * inline script, a file the page names, a missing chunk, a looser Content Security Policy, a
 * different Brotli copy. The checker is run as a user runs it, and read as a user reads it.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { type TipsManifest, reachableFiles } from "../../vite-plugins/tips-manifest";
import { baseUrl } from "./client";

const root = fileURLToPath(new URL("../..", import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(root, process.env.BUILD_DIR ?? "build", "client/tips-manifest.json"), "utf8")) as TipsManifest;
const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function verifyTips(site: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["scripts/verify-tips.js", site], { cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, output: stdout + stderr });
    });
  });
}

interface Answer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}
/** Changes what the site answered for one request; `encoding` is what the checker asked for. */
type Tamper = (address: string, answer: Answer, encoding: string) => Answer;

const running: { close(): void }[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.close();
});

/** A proxy in front of the test server that hands each answer to `tamper` first. */
async function tamperingProxy(tamper: Tamper): Promise<string> {
  const upstream = baseUrl();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const address = request.url ?? "/";
      const answer = await fetch(new URL(address, upstream), { redirect: "manual", headers: { "Accept-Encoding": "identity", "User-Agent": request.headers["user-agent"] ?? "" } });
      const encoding = String(request.headers["accept-encoding"] ?? "");
      const changed = tamper(address, { status: answer.status, headers: answer.headers, body: new Uint8Array(await answer.arrayBuffer()) }, encoding);
      const headers: Record<string, string> = {};
      changed.headers.forEach((value, name) => {
        if (!["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"].includes(name)) headers[name] = value;
      });
      if (changed.headers.get("content-encoding") === "br") headers["content-encoding"] = "br";
      response.writeHead(changed.status, headers);
      response.end(changed.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  running.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const TIP_LINE_CHUNK = Object.keys(manifest.files).find((file) => /\/TipLine-[^/]+\.js$/.test(file))!;
const LIBSODIUM_CHUNK = Object.keys(manifest.files).find((file) => /\/libsodium[^/]*\.js$/.test(file))!;

/** The page's HTML with `insert` just before `</body>`. */
function addToPage(page: string, insert: string): Tamper {
  return (address, answer) =>
    address === page ? { ...answer, body: new TextEncoder().encode(new TextDecoder().decode(answer.body).replace("</body>", `${insert}</body>`)) } : answer;
}

describe("npm run verify-tips", () => {
  it("finds nothing to report on a site that runs this build, and says what it checked", async () => {
    const { code, output } = await verifyTips(baseUrl());
    expect(output).toContain("sends the tip line exactly what this build has");
    expect(output).toMatch(/Checked \/tips, \/ne\/tips: \d+ files/);
    expect(code).toBe(0);
  });

  it("lists libsodium, whose WebAssembly is in its JavaScript, and the tip line's own chunk among the files", () => {
    expect(TIP_LINE_CHUNK).toBeDefined();
    expect(LIBSODIUM_CHUNK).toBeDefined();
    // "\0asm", WebAssembly's magic number, in base64.
    expect(readFileSync(path.join(root, process.env.BUILD_DIR ?? "build", "client", LIBSODIUM_CHUNK), "utf8")).toContain("AGFzbQ");
    expect(Object.keys(manifest.files).some((file) => file.endsWith(".wasm"))).toBe(false);
  });

  it("serves its manifest where anyone can compare it", async () => {
    const served = await fetch(`${baseUrl()}/tips-manifest.json`);
    expect(served.status).toBe(200);
    expect(((await served.json()) as TipsManifest).files).toEqual(manifest.files);
  });

  it("passes the site through a proxy that changes nothing", async () => {
    const { code, output } = await verifyTips(await tamperingProxy((_, answer) => answer));
    expect(output).toContain("sends the tip line exactly what this build has");
    expect(code).toBe(0);
  });

  it("names the chunk with one changed byte, with this build's hash and the site's", async () => {
    let served: string | undefined;
    const site = await tamperingProxy((address, answer) => {
      if (address !== TIP_LINE_CHUNK) return answer;
      const body = answer.body.slice();
      body[100] = body[100]! ^ 1;
      served = hex(body);
      return { ...answer, body };
    });
    const { code, output } = await verifyTips(site);
    expect(output).toContain(`${TIP_LINE_CHUNK}: changed`);
    expect(output).toContain(manifest.files[TIP_LINE_CHUNK]);
    expect(output).toContain(served);
    expect(output).toContain("differs from this build in 1 place:");
    expect(code).toBe(1);
  });

  it("finds a chunk changed only in the copy sent to browsers that take Brotli", async () => {
    const site = await tamperingProxy((address, answer, encoding) => {
      if (address !== LIBSODIUM_CHUNK || encoding !== "br") return answer;
      const body = Buffer.concat([answer.body, Buffer.from(";fetch('/leak')")]);
      return { ...answer, headers: new Headers({ ...Object.fromEntries(answer.headers), "content-encoding": "br" }), body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) };
    });
    const { code, output } = await verifyTips(site);
    expect(output).toContain(`${LIBSODIUM_CHUNK}: changed (br)`);
    expect(code).toBe(1);
  });

  it("names an inline script that this build does not put on the page", async () => {
    const script = "fetch('/collect',{method:'POST',body:document.body.innerText})";
    const site = await tamperingProxy(addToPage("/ne/tips", `<script>${script}</script>`));
    const { code, output } = await verifyTips(site);
    const hash = `sha256-${createHash("sha256").update(script).digest("base64")}`;
    expect(output).toContain(`/ne/tips: an inline script this build does not have, ${hash}`);
    expect(output).toContain("fetch('/collect'");
    expect(code).toBe(1);
  });

  it("names a script file that the page loads and the build does not have, and one on another site", async () => {
    const site = await tamperingProxy(addToPage("/tips", `<script type="module" src="/assets/extra-0000.js"></script><link rel="modulepreload" href="https://cdn.example/x.js">`));
    const { code, output } = await verifyTips(site);
    expect(output).toContain("/tips: names a file this build does not have, /assets/extra-0000.js");
    expect(output).toContain("/tips: names a file on another site, https://cdn.example/x.js");
    expect(code).toBe(1);
  });

  it("names a chunk that the site no longer serves", async () => {
    const site = await tamperingProxy((address, answer) => (address === TIP_LINE_CHUNK ? { status: 404, headers: new Headers(), body: new Uint8Array() } : answer));
    const { code, output } = await verifyTips(site);
    expect(output).toContain(`${TIP_LINE_CHUNK}: missing`);
    expect(code).toBe(1);
  });

  it("finds a Content Security Policy that would run inline scripts this build does not have", async () => {
    const site = await tamperingProxy((address, answer) => {
      if (address !== "/tips") return answer;
      const headers = new Headers(answer.headers);
      headers.set("content-security-policy", headers.get("content-security-policy")!.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"));
      return { ...answer, headers };
    });
    const { code, output } = await verifyTips(site);
    expect(output).toContain("/tips: its Content-Security-Policy lets scripts run from more than this build's: 'unsafe-inline'");
    expect(code).toBe(1);
  });

  it("refuses an address that is not a site", async () => {
    const { code, output } = await verifyTips("not a site");
    expect(output).toContain("Usage: npm run verify-tips -- <site address>");
    expect(code).toBe(2);
  });
});

describe("the manifest's walk through the build", () => {
  const chunk = (fileName: string, code: string, imports: string[] = [], dynamicImports: string[] = []) =>
    ({ type: "chunk", fileName, code, imports, dynamicImports, viteMetadata: { importedCss: new Set(), importedAssets: new Set() } }) as unknown as Rollup.OutputChunk;
  const asset = (fileName: string, source: string) => ({ type: "asset", fileName, source }) as unknown as Rollup.OutputAsset;

  it("follows dynamic imports and the files code names, such as a worker's script and what it imports, and nothing else", () => {
    const bundle: Rollup.OutputBundle = {
      "islands.json": asset("islands.json", JSON.stringify({ entry: "assets/entry-A.js", imports: ["assets/shared-B.js"] })),
      "assets/entry-A.js": chunk("assets/entry-A.js", "import('./island-C.js')", ["assets/shared-B.js"], ["assets/island-C.js"]),
      "assets/shared-B.js": chunk("assets/shared-B.js", "export {}"),
      "assets/island-C.js": chunk("assets/island-C.js", 'new Worker(new URL("/assets/work.worker-D.js", import.meta.url), { type: "module" })'),
      "assets/work.worker-D.js": asset("assets/work.worker-D.js", 'import "./hash-E.js"'),
      "assets/hash-E.js": asset("assets/hash-E.js", "export {}"),
      "assets/admin-F.js": chunk("assets/admin-F.js", "export {}"),
    };
    expect(reachableFiles(bundle)).toEqual(["assets/entry-A.js", "assets/hash-E.js", "assets/island-C.js", "assets/shared-B.js", "assets/work.worker-D.js", "islands.json"]);
  });
});

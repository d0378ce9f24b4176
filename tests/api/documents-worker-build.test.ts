/**
 * The documents worker as production runs it (issue 38): from the server's build, with plain Node,
 * with only the production dependencies installed and no source tree, as in the Docker image
 * (Dockerfile: `npm ci --omit=dev`, then `build/` and no `app/`). The server's build is copied to
 * a folder of its own whose node_modules holds the production dependencies alone (linked from
 * ours), so neither tsx nor any other devDependency, nor a TypeScript file, can be reached from it.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaky, plain } from "../../app/server/documents/test-pdfs";
import { DOCUMENTS_WORKER_FILE, documentsWorker } from "../../vite-plugins/documents-worker";

const root = path.resolve(import.meta.dirname, "../..");
const serverBuild = path.join(root, process.env.BUILD_DIR ?? "build", "server");
let place: string;

/** A folder like the image's /app: node_modules with the production dependencies, nothing else yet. */
async function productionFolder() {
  const folder = await mkdtemp(path.join(os.tmpdir(), "khulasa-worker-"));
  const { dependencies } = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    await mkdir(path.dirname(path.join(folder, "node_modules", name)), { recursive: true });
    await symlink(path.join(root, "node_modules", name), path.join(folder, "node_modules", name), "dir");
  }
  return folder;
}

/** Runs `script` with plain Node in the folder, handing it the files' paths: what it printed as JSON, and its stderr. */
async function runWithStderr(script: string, files: Record<string, Uint8Array>) {
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(place, name), bytes);
  await writeFile(path.join(place, "drive.mjs"), script);
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ["drive.mjs"], { cwd: place, env: { PATH: process.env.PATH ?? "" }, timeout: 120_000 });
  return { printed: JSON.parse(stdout) as Record<string, unknown>, stderr };
}

async function runInFolder(script: string, files: Record<string, Uint8Array>) {
  return (await runWithStderr(script, files)).printed;
}

beforeAll(async () => {
  place = await productionFolder();
});
afterAll(async () => {
  await rm(place, { recursive: true, force: true });
});

describe("the documents worker in production", { timeout: 180_000 }, () => {
  it("is in the server's build, and runs there with production dependencies only", async () => {
    expect(existsSync(path.join(serverBuild, DOCUMENTS_WORKER_FILE)), `${DOCUMENTS_WORKER_FILE} in the server's build`).toBe(true);
    await cp(serverBuild, path.join(place, "build/server"), { recursive: true });
    const result = await runInFolder(
      `
      import { Worker } from "node:worker_threads";
      import { readFileSync } from "node:fs";
      let tsx = true;
      try { import.meta.resolve("tsx"); } catch { tsx = false; }
      const worker = new Worker(new URL("./build/server/${DOCUMENTS_WORKER_FILE}", import.meta.url));
      const bytes = new Uint8Array(readFileSync("leaky.pdf"));
      worker.postMessage({ id: 1, job: "examine", bytes });
      const replies = [];
      worker.on("message", async (reply) => {
        replies.push(reply);
        if (!("examination" in reply) && !("unreadable" in reply)) return;
        await worker.terminate();
        console.log(JSON.stringify({ tsx, replies }));
      });
      `,
      { "leaky.pdf": await leaky.blackBox("KALIMATISOURCE") },
    );
    expect(result.tsx, "tsx cannot be reached from the folder").toBe(false);
    expect(result.replies).toEqual([
      { id: 1, progress: { page: 1, pages: 2 } },
      { id: 1, progress: { page: 2, pages: 2 } },
      { id: 1, examination: expect.objectContaining({ pages: 2, findings: [expect.objectContaining({ kind: "text_under_box", page: 2, text: "KALIMATISOURCE" })] }) },
    ]);
  });

  // The pool finds the worker the build wrote by itself (worker-location.ts, filled in by the build):
  // the pool built alone with the server build's plugin, then run as the server would run it.
  it("is what the built pool starts by itself, to examine, prepare and render", async () => {
    const out = path.join(place, "pool");
    await build({
      configFile: false,
      root,
      logLevel: "silent",
      plugins: [documentsWorker()],
      build: { ssr: path.join(root, "app/server/documents/worker-pool.ts"), outDir: out, emptyOutDir: true, minify: false },
    });
    expect(existsSync(path.join(out, DOCUMENTS_WORKER_FILE))).toBe(true);
    const result = await runInFolder(
      `
      import { readFileSync } from "node:fs";
      import { documentWorker } from "./pool/worker-pool.js";
      const documents = documentWorker();
      const examination = await documents.examine(new Uint8Array(readFileSync("leaky.pdf")));
      const prepared = await documents.prepare(new Uint8Array(readFileSync("leaky.pdf")), { flatten: true, dpi: 72 });
      const pages = [];
      const rendering = await documents.render(prepared, (page) => void pages.push({ page: page.page, width: page.image.width, bytes: page.image.bytes.byteLength, text: page.text }));
      const text = [];
      await documents.render(new Uint8Array(readFileSync("plain.pdf")), (page) => void text.push(...page.text.map((run) => run.text)));
      await documents.stop();
      console.log(JSON.stringify({ findings: examination.findings.map((finding) => finding.kind), rendering, pages, text }));
      `,
      { "leaky.pdf": await leaky.blackBox("KALIMATISOURCE"), "plain.pdf": await plain.pages(2) },
    );
    expect(result.findings).toEqual(["text_under_box"]);
    expect(result.rendering).toEqual({ pages: 2 });
    expect(result.pages).toEqual([
      { page: 1, width: 1200, bytes: expect.any(Number), text: [] },
      { page: 2, width: 1200, bytes: expect.any(Number), text: [] },
    ]);
    expect(result.text).toEqual(["Public text on page 1", "Public text on page 2"]);
  });

  // Each job loads its own code (worker.ts): what a thread does not load, the server does not hold
  // while a publication's hundred pages are drawn beside its readers.
  it("loads for each job only the packages that job uses", async () => {
    await cp(serverBuild, path.join(place, "build/server"), { recursive: true });
    await cp(path.join(root, "tests/support/packages-loaded-hooks.mjs"), path.join(place, "hooks.mjs"));
    // The thread registers the hooks that name each package it loads (on stderr), then runs the worker.
    await writeFile(path.join(place, "hooked-worker.mjs"), `import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\nawait import("./build/server/${DOCUMENTS_WORKER_FILE}");\n`);
    const packagesOf = async (request: string) => {
      const { printed, stderr } = await runWithStderr(
        `
        import { Worker } from "node:worker_threads";
        import { readFileSync } from "node:fs";
        const worker = new Worker(new URL("./hooked-worker.mjs", import.meta.url), { env: { ...process.env, PACKAGES_LOADED_HOOKED: "" } });
        worker.postMessage({ id: 1, bytes: new Uint8Array(readFileSync("plain.pdf")), ...${request} });
        worker.on("message", async (reply) => {
          if ("page" in reply) return worker.postMessage({ id: 1, resume: true });
          if ("progress" in reply) return;
          await worker.terminate();
          console.log(JSON.stringify(reply));
        });
        `,
        { "plain.pdf": await plain.pages(2) },
      );
      return { printed, packages: new Set([...stderr.matchAll(/^package (\S+)$/gm)].map((match) => match[1])) };
    };

    const drawing = await packagesOf(`{ job: "render", options: {} }`);
    expect(drawing.printed).toEqual({ id: 1, rendered: { pages: 2 } });
    expect([...drawing.packages].sort()).toEqual(["@napi-rs/canvas", "pdfjs-dist/legacy/build/pdf.mjs"]);

    const examining = await packagesOf(`{ job: "examine" }`);
    expect(examining.printed).toMatchObject({ id: 1, examination: { pages: 2 } });
    expect(examining.packages).toContain("pdf-lib");
    for (const unused of ["sharp", "tesseract.js", "exif-reader"]) expect(examining.packages, unused).not.toContain(unused);
  });
});

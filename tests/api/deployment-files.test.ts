/**
 * Issue 16 ("Deployable"): the Dockerfile, compose.yaml, .dockerignore and the proxy's config,
 * checked by reading them. No Docker engine runs on our build machines and hadolint cannot be
 * installed here, so nothing is built or started: each check below names one thing the files must
 * keep doing, and fails when an edit undoes it. docs/deployment.md says the same.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { DOCUMENTS_WORKER_FILE } from "../../vite-plugins/documents-worker";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

// ---- a small Dockerfile reader ------------------------------------------------------------------

interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined. */
  args: string;
  line: number;
}

interface Stage {
  index: number;
  name: string | undefined;
  image: string;
  instructions: Instruction[];
}

/** Instructions as Docker reads them: parser directives, comments and `\` continuations handled. */
function dockerInstructions(text: string): Instruction[] {
  const lines = text.split(/\r?\n/);
  let escape = "\\";
  // Parser directives (`# escape=`), only at the very top, before any comment or instruction.
  for (const line of lines) {
    const directive = /^#\s*([a-z]+)\s*=\s*(\S+)\s*$/i.exec(line);
    if (!directive) break;
    if (directive[1]!.toLowerCase() === "escape") escape = directive[2]!;
  }
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  lines.forEach((raw, at) => {
    const trimmed = raw.trim();
    // Comment lines are dropped, also in the middle of a continued instruction; so are blank ones.
    if (trimmed.startsWith("#") || trimmed === "") return;
    const continued = trimmed.endsWith(escape);
    const body = (continued ? trimmed.slice(0, -escape.length) : trimmed).trim();
    pending = pending ? { text: `${pending.text} ${body}`.trim(), line: pending.line } : { text: body, line: at + 1 };
    if (continued) return;
    const match = /^(\S+)\s*([\s\S]*)$/.exec(pending.text.trim())!;
    instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: pending.line });
    pending = undefined;
  });
  if (pending) throw new Error(`Dockerfile ends inside a continued instruction (line ${pending.line})`);
  return instructions;
}

function dockerStages(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const words = instruction.args.split(/\s+/).filter((word) => !word.startsWith("--"));
      const as = words.findIndex((word) => word.toUpperCase() === "AS");
      stages.push({ index: stages.length, name: as >= 0 ? words[as + 1] : undefined, image: words[0]!, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== "ARG") throw new Error(`${instruction.keyword} before the first FROM (line ${instruction.line})`);
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

/** `--name=value` flags at the start of an instruction's arguments, and what follows them. */
function flagsOf(args: string): { flags: Record<string, string>; rest: string } {
  const flags: Record<string, string> = {};
  let rest = args;
  for (;;) {
    const flag = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest);
    if (!flag) return { flags, rest };
    flags[flag[1]!] = flag[2] ?? "true";
    rest = rest.slice(flag[0].length);
  }
}

/** A JSON array (exec form), or undefined for the shell form. */
function execForm(args: string): string[] | undefined {
  if (!args.startsWith("[")) return undefined;
  try {
    const value: unknown = JSON.parse(args);
    return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
  } catch {
    return undefined;
  }
}

/** COPY/ADD sources and destination (either form). */
function copyPaths(rest: string): { sources: string[]; destination: string } {
  const words = execForm(rest) ?? rest.split(/\s+/);
  return { sources: words.slice(0, -1), destination: words.at(-1)! };
}

/** Where each source of a COPY lands in the image: into a folder (`dest/`, or several sources), or as `dest`. */
function copyTargets(stage: Stage, copy: Instruction): string[] {
  const { sources, destination } = copyPaths(flagsOf(copy.args).rest);
  const workdir = stage.instructions.filter((instruction) => instruction.keyword === "WORKDIR" && instruction.line < copy.line).at(-1)?.args ?? "/";
  const base = path.posix.resolve(workdir, destination);
  const intoFolder = destination.endsWith("/") || destination === "." || sources.length > 1;
  return sources.map((source) => (intoFolder ? path.posix.join(base, path.posix.basename(source)) : base));
}

/** `ENV A=1 B=2` (or the old `ENV A 1`) as a map. */
function envOf(args: string): Record<string, string> {
  const unquote = (value: string) => value.replace(/^"(.*)"$/, "$1").replace(/^'(.*)'$/, "$1");
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(args)) {
    const [name, ...value] = args.split(/\s+/);
    return { [name!]: unquote(value.join(" ")) };
  }
  const env: Record<string, string> = {};
  for (const pair of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S*)/g)) env[pair[1]!] = unquote(pair[2]!);
  return env;
}

const of = (stage: Stage, keyword: string) => stage.instructions.filter((instruction) => instruction.keyword === keyword);
const envOfStage = (stage: Stage) => Object.assign({}, ...of(stage, "ENV").map((instruction) => envOf(instruction.args))) as Record<string, string>;
const runs = (stage: Stage) => of(stage, "RUN").map((instruction) => instruction.args);
/** An `npm ci`/`npm install` that installs the devDependencies too. */
const installsDevDependencies = (command: string) =>
  command.split(/&&|;|\|\|/).some((part) => /\bnpm\s+(ci|install|i)\b/.test(part) && !/--omit[= ]dev\b|--production\b|--only[= ]prod/.test(part));
const installsProductionOnly = (command: string) => /\bnpm\s+(ci|install|i)\b[^&;|]*--omit[= ]dev\b/.test(command);

// ---- .dockerignore, as Docker matches it (closely enough for our patterns) ----------------------

function dockerIgnore(text: string): (file: string) => boolean {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const negated = line.startsWith("!");
      const pattern = path.posix.normalize((negated ? line.slice(1) : line).replace(/^\/+/, "")).replace(/\/+$/, "");
      const regex = pattern
        .split("/")
        .map((part) =>
          part === "**" ? "(?:.*)" : part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]"),
        )
        .join("/")
        .replace(/\(\?:\.\*\)\//g, "(?:.*/)?");
      return { negated, regex: new RegExp(`^${regex}$`) };
    });
  const matches = (file: string) => {
    let ignored = false;
    for (const rule of rules) if (rule.regex.test(file)) ignored = !rule.negated;
    return ignored;
  };
  // A file is left out when it, or a folder it is in, is.
  return (file) => {
    const parts = path.posix.normalize(file).replace(/^\.\//, "").split("/");
    return parts.some((_, at) => matches(parts.slice(0, at + 1).join("/")));
  };
}

// ---- compose helpers ---------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: unknown;
  deploy?: { replicas?: number };
  ports?: unknown[];
  container_name?: string;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  command?: string | string[];
  entrypoint?: string | string[];
}

interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => [entry.split("=")[0]!, entry.includes("=") ? entry.slice(entry.indexOf("=") + 1) : ""]));
  }
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value === null ? "" : String(value)]));
}

function dependsOn(service: ComposeService): Record<string, string> {
  const depends = service.depends_on ?? {};
  if (Array.isArray(depends)) return Object.fromEntries(depends.map((name) => [name, "service_started"]));
  return Object.fromEntries(Object.entries(depends).map(([name, rule]) => [name, rule.condition ?? "service_started"]));
}

/** What compose makes of a value when its variables are unset: `${X:-default}` gives default, `${X:?…}` refuses (undefined). */
function composeDefault(value: string): string | undefined {
  let refused = false;
  const result = value.replace(/\$\{[A-Z0-9_]+(?::?([-?])([^}]*))?\}/g, (_whole, operator: string | undefined, rest: string | undefined) => {
    if (operator === "?") refused = true;
    return operator === "-" ? (rest ?? "") : "";
  });
  return refused ? undefined : result;
}

const scriptOf = (service: ComposeService) => [service.entrypoint, service.command].flat().filter((part) => typeof part === "string").join("\n");

/** Every environment variable the server reads: `env.NAME`, `process.env.NAME`, and names it looks up as `env[name]`. */
function variablesTheAppReads(): Set<string> {
  const files = ["server.js", ...sourceFiles("server"), ...sourceFiles("app/server")];
  const names = new Set<string>();
  for (const file of files) {
    const text = read(file);
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1]!);
    // A file that reads env[name] names its variables as string literals ("S3_BUCKET").
    if (/\benv\[/.test(text)) for (const match of text.matchAll(/["']([A-Z][A-Z0-9]*_[A-Z0-9_]+)["']/g)) names.add(match[1]!);
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((entry) => {
    const relative = path.posix.join(dir, entry);
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|js|mjs)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [relative] : [];
  });
}

// ---- the files ---------------------------------------------------------------------------------

const stages = dockerStages(dockerInstructions(read("Dockerfile")));
const final = stages.at(-1)!;
const finalEnv = envOfStage(final);
const workdir = (stage: Stage) => of(stage, "WORKDIR").at(-1)?.args ?? "/";
const compose = parseYaml(read("compose.yaml")) as Compose;
const app = compose.services.app!;
const appEnv = environmentOf(app);
const bucketJob = Object.entries(compose.services).find(([, service]) => /\bmc\s+mb\b/.test(scriptOf(service)));
const haproxy = read("deploy/haproxy.cfg");
/** The port the server listens on when PORT is unset (server.js). */
const defaultPort = Number(/process\.env\.PORT \?\? (\d+)/.exec(read("server.js"))![1]);

describe("Dockerfile", () => {
  it("parses into stages (the reader itself: continuations, comments, flags)", () => {
    const parsed = dockerStages(dockerInstructions("# escape=\\\nFROM a:1 AS one\n# note\nRUN x \\\n  # inside\n  && y\nFROM one\nCOPY --from=one --chown=1:1 /a /b\n"));
    expect(parsed.map((stage) => [stage.name, stage.image])).toEqual([["one", "a:1"], [undefined, "one"]]);
    expect(parsed[0]!.instructions).toEqual([{ keyword: "RUN", args: "x && y", line: 4 }]);
    expect(flagsOf(parsed[1]!.instructions[0]!.args)).toEqual({ flags: { from: "one", chown: "1:1" }, rest: "/a /b" });
  });

  it("is multi-stage: the build tools stay out of the image that runs", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runs(stages[0]!).some((command) => /react-router build/.test(command)), "an earlier stage runs react-router build").toBe(true);
    expect(runs(final).some((command) => /react-router build|npm run build/.test(command)), "the final stage does not build").toBe(false);
  });

  it("pins every base image to a version (no latest, no bare name)", () => {
    const stageNames = new Set(stages.map((stage) => stage.name).filter(Boolean));
    for (const stage of stages.filter((stage) => !stageNames.has(stage.image))) {
      const tag = /^[^@]+:([^:@/]+)(@sha256:[0-9a-f]{64})?$/.exec(stage.image)?.[1];
      expect(tag, `${stage.image} has a tag`).toBeDefined();
      expect(tag, `${stage.image} is pinned`).not.toBe("latest");
      expect(tag, `${stage.image}'s tag names a version`).toMatch(/\d/);
    }
    // Node 22 with a full version, the same in every stage: native packages are installed for one ABI.
    expect(stages[0]!.image).toMatch(/^node:22\.\d+\.\d+-bookworm-slim$/);
    expect(new Set(stages.map((stage) => stage.image)).size).toBe(1);
  });

  it("runs as a non-root user, set before CMD", () => {
    const user = of(final, "USER").at(-1);
    expect(user, "the final stage has a USER").toBeDefined();
    expect(user!.args.split(":")[0]).not.toMatch(/^(root|0)$/);
    const cmd = of(final, "CMD").at(-1);
    expect(cmd, "the final stage has a CMD").toBeDefined();
    expect(user!.line).toBeLessThan(cmd!.line);
  });

  it("installs production dependencies only in the image that runs", () => {
    const installs = runs(final).filter((command) => /\bnpm\s+(ci|install|i)\b/.test(command));
    const nodeModulesFrom = of(final, "COPY")
      .map((instruction) => flagsOf(instruction.args))
      .filter(({ flags, rest }) => flags.from && copyPaths(rest).sources.some((source) => /node_modules/.test(source)))
      .map(({ flags }) => stages.find((stage) => stage.name === flags.from || String(stage.index) === flags.from)!);
    expect(installs.length + nodeModulesFrom.length, "the final stage installs or copies its node_modules").toBeGreaterThan(0);
    for (const command of installs) {
      expect(installsProductionOnly(command), `"${command}" omits devDependencies`).toBe(true);
      expect(installsDevDependencies(command), `"${command}" installs nothing else`).toBe(false);
    }
    for (const stage of nodeModulesFrom) {
      expect(runs(stage).some(installsProductionOnly), `stage ${stage.name} installs with --omit=dev`).toBe(true);
      expect(runs(stage).some(installsDevDependencies), `stage ${stage.name} installs no devDependencies`).toBe(false);
    }
  });

  it("can skip install scripts: no production dependency needs one, and sharp's linux binaries are in the lockfile", () => {
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { dev?: boolean; hasInstallScript?: boolean }> };
    // Install scripts read and found to do nothing the package needs, each with what it does.
    const harmless: Record<string, string> = {
      "node_modules/tesseract.js": "opencollective-postinstall: prints a request for donations; builds and fetches nothing",
    };
    if (runs(final).some((command) => /--ignore-scripts/.test(command))) {
      const withScripts = Object.entries(lock.packages).filter(([name, pkg]) => name !== "" && !pkg.dev && pkg.hasInstallScript && !(name in harmless));
      expect(withScripts.map(([name]) => name)).toEqual([]);
    }
    for (const arch of ["x64", "arm64"]) {
      expect(lock.packages[`node_modules/@img/sharp-linux-${arch}`], `sharp for linux-${arch}`).toBeDefined();
      expect(lock.packages[`node_modules/@img/sharp-libvips-linux-${arch}`], `libvips for linux-${arch}`).toBeDefined();
    }
  });

  it("runs what npm start runs, in exec form, without npm between the signal and node", () => {
    const cmd = execForm(of(final, "CMD").at(-1)!.args);
    expect(cmd, "CMD is a JSON array (exec form)").toBeDefined();
    expect(of(final, "ENTRYPOINT").every((instruction) => execForm(instruction.args) !== undefined), "ENTRYPOINT, if any, in exec form").toBe(true);
    expect(cmd![0]).toBe("node");
    expect(cmd).not.toContain("npm");
    const start = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start;
    for (const flag of start.split(/\s+/).filter((word) => word.startsWith("--"))) expect(cmd, `node ${flag}, as in npm start`).toContain(flag);
    for (const [, name, value] of start.matchAll(/\b([A-Z_]+)=(\S+)/g)) expect(finalEnv[name!], `ENV ${name}, as in npm start`).toBe(value);
    // scripts/start.js sets NODE_ENV=production before loading server.js; the image says so itself.
    expect(finalEnv.NODE_ENV).toBe("production");
    expect(cmd!.at(-1)).toBe("server.js");
  });

  it("checks its own health on GET /api/health with Node (slim images have no curl)", () => {
    const healthcheck = of(final, "HEALTHCHECK").at(-1);
    expect(healthcheck, "the final stage has a HEALTHCHECK").toBeDefined();
    const { rest } = flagsOf(healthcheck!.args);
    expect(rest).toMatch(/^CMD\s/);
    const command = rest.replace(/^CMD\s+/, "");
    expect(command).toContain("/api/health");
    expect(command).not.toMatch(/\bcurl\b|\bwget\b/);
    expect(command).toMatch(/\b127\.0\.0\.1|localhost\b/);
    expect(execForm(command)?.[0] ?? command.split(/\s+/)[0]).toBe("node");
  });

  it("exposes the port the server listens on", () => {
    const port = Number(finalEnv.PORT ?? defaultPort);
    const exposed = of(final, "EXPOSE").flatMap((instruction) => instruction.args.split(/\s+/).map((entry) => Number(entry.split("/")[0])));
    expect(exposed).toContain(port);
    // …and the health check asks that port when PORT is unset.
    expect(of(final, "HEALTHCHECK").at(-1)!.args).toContain(String(port));
  });

  it("keeps DATA_DIR in a volume the server's user may write", () => {
    const dataDir = finalEnv.DATA_DIR;
    expect(dataDir, "ENV DATA_DIR").toMatch(/^\//);
    const volumes = of(final, "VOLUME").flatMap((instruction) => execForm(instruction.args) ?? instruction.args.split(/\s+/));
    expect(volumes).toContain(dataDir);
    const user = of(final, "USER").at(-1)!.args.split(":")[0]!;
    expect(runs(final).some((command) => new RegExp(`chown\\s+(-R\\s+)?${user}(:${user})?\\s+${dataDir}\\b`).test(command)), `chown ${user} ${dataDir}`).toBe(true);
  });

  it("ADDs nothing from the network (COPY, and checked downloads in RUN, instead)", () => {
    for (const stage of stages) {
      for (const add of of(stage, "ADD")) {
        const { sources } = copyPaths(flagsOf(add.args).rest);
        expect(sources.filter((source) => /^[a-z][a-z0-9+.-]*:\/\/|^git@/i.test(source)), `ADD at line ${add.line}`).toEqual([]);
      }
    }
  });

  it("COPYs only files that exist in the repository and that .dockerignore lets through", () => {
    const ignored = dockerIgnore(read(".dockerignore"));
    const names = new Set(stages.map((stage) => stage.name));
    for (const stage of stages) {
      for (const copy of [...of(stage, "COPY"), ...of(stage, "ADD")]) {
        const { flags, rest } = flagsOf(copy.args);
        if (flags.from) {
          expect(names.has(flags.from) || /^\d+$/.test(flags.from), `--from=${flags.from} names an earlier stage`).toBe(true);
          continue;
        }
        for (const source of copyPaths(rest).sources) {
          expect(existsSync(path.join(root, source)), `${source} (line ${copy.line}) exists`).toBe(true);
          expect(ignored(source), `${source} (line ${copy.line}) is not in .dockerignore`).toBe(false);
        }
      }
    }
  });

  it("carries every source file the server reads at run time (sourcePath)", () => {
    const wanted = new Set<string>();
    for (const file of sourceFiles("app/server")) for (const match of read(file).matchAll(/sourcePath\("([^"]+)"\)/g)) wanted.add(match[1]!);
    expect(wanted.size, "the server reads its migrations from the source tree").toBeGreaterThan(0);
    const base = workdir(final);
    const copied = of(final, "COPY").flatMap((copy) => copyTargets(final, copy));
    for (const file of wanted) {
      const target = path.posix.resolve(base, file);
      expect(copied.some((destination) => target === destination || target.startsWith(`${destination}/`)), `${file} is in the image`).toBe(true);
    }
    // sourcePath finds the tree by the package.json beside it.
    expect(copied).toContain(path.posix.resolve(base, "package.json"));
  });

  it("carries the documents worker the build writes beside the server, and the packages it loads at run time", () => {
    const worker = path.posix.resolve(workdir(final), "build/server", DOCUMENTS_WORKER_FILE);
    const carrying = of(final, "COPY").find((copy) => copyTargets(final, copy).some((destination) => worker === destination || worker.startsWith(`${destination}/`)));
    expect(carrying, `${worker} is in the image`).toBeDefined();
    // …from a stage that builds with the configuration and its plugins (vite-plugins/documents-worker.ts).
    const builder = stages.find((stage) => stage.name === flagsOf(carrying!.args).flags.from);
    expect(builder, "the build comes from a build stage").toBeDefined();
    expect(runs(builder!).some((command) => /\breact-router build\b/.test(command))).toBe(true);
    const given = of(builder!, "COPY").flatMap((copy) => copyPaths(flagsOf(copy.args).rest).sources);
    for (const file of ["vite.config.ts", "vite-plugins"]) expect(given, `${file} in the build stage`).toContain(file);
    // The worker's packages stay imports of the build, installed in the image as production dependencies.
    const { dependencies } = JSON.parse(read("package.json")) as { dependencies: Record<string, string> };
    const engine = sourceFiles("app/server/documents").filter((file) => !file.endsWith("test-pdfs.ts"));
    const packages = new Set(engine.flatMap((file) => [...read(file).matchAll(/^import (?!type )[^;]*? from "([^".][^"]*)";/gm)].map((match) => match[1]!)));
    const names = [...packages].filter((name) => !name.startsWith("node:")).map((name) => name.split("/").slice(0, name.startsWith("@") ? 2 : 1).join("/"));
    expect(names).toContain("@napi-rs/canvas");
    for (const name of names) expect(Object.keys(dependencies), `${name} is a production dependency`).toContain(name);
    // @napi-rs/canvas's native library comes in a platform package of the lockfile, as sharp's does: no install script fetches it.
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, unknown> };
    for (const arch of ["x64", "arm64"]) expect(lock.packages[`node_modules/@napi-rs/canvas-linux-${arch}-gnu`], `@napi-rs/canvas for linux-${arch}`).toBeDefined();
  });

  it(".dockerignore keeps out dependencies, data, builds, secrets and history", () => {
    const ignored = dockerIgnore(read(".dockerignore"));
    for (const file of ["node_modules", "node_modules/sharp/package.json", "data", "data/db/PG_VERSION", "data-2/uploads/a.jpg", "build/server/index.js", ".env", ".git/HEAD", "test-results"]) {
      expect(ignored(file), `${file} is left out`).toBe(true);
    }
    for (const file of ["package.json", "package-lock.json", "app/root.tsx", "server.js", ".env.example"]) expect(ignored(file), `${file} is sent`).toBe(false);
  });
});

describe("compose.yaml", () => {
  it("runs the app in two replicas or more, none on a fixed host port", () => {
    expect(app.deploy?.replicas ?? 1).toBeGreaterThanOrEqual(2);
    // Replicas cannot share a host port or a container name: the proxy publishes the only port.
    expect(app.ports ?? []).toEqual([]);
    expect(app.container_name).toBeUndefined();
  });

  it("starts the app once PostgreSQL is healthy and the bucket job has finished", () => {
    const depends = dependsOn(app);
    expect(depends.postgres).toBe("service_healthy");
    expect(bucketJob, "a one-shot service runs `mc mb`").toBeDefined();
    expect(depends[bucketJob![0]]).toBe("service_completed_successfully");
    const store = Object.keys(compose.services).find((name) => /(^|\/)minio\/minio:/.test(compose.services[name]!.image ?? ""));
    expect(store, "an S3-compatible store (MinIO) is in the stack").toBeDefined();
    expect(dependsOn(bucketJob![1])[store!], "the job waits for the store").toBe("service_healthy");
  });

  it("gives PostgreSQL 15 or later a UTF-8 database with a non-C character type, a health check and a named volume", () => {
    const postgres = compose.services.postgres!;
    expect(Number(/^postgres:(\d+)/.exec(postgres.image ?? "")?.[1])).toBeGreaterThanOrEqual(15);
    const initdb = environmentOf(postgres).POSTGRES_INITDB_ARGS ?? "";
    expect(initdb).toMatch(/(--encoding=|-E\s*)UTF-?8\b/i);
    const ctype = /--(?:locale|lc-ctype)=(\S+)/.exec(initdb)?.[1];
    expect(ctype, "initdb names a locale").toBeDefined();
    expect(ctype).not.toMatch(/^(C|POSIX)$/i);
    expect(ctype).toMatch(/\.UTF-?8$/i);
    expect([postgres.healthcheck?.test].flat().join(" ")).toContain("pg_isready");
    const volume = (postgres.volumes ?? []).map((entry) => (typeof entry === "string" ? entry.split(":")[0] : entry.source)).find(Boolean);
    expect(Object.keys(compose.volumes ?? {})).toContain(volume);
  });

  it("sets only variables the app reads", () => {
    const reads = variablesTheAppReads();
    // The grep itself still finds what the server reads.
    for (const name of ["DATABASE_URL", "PUBLIC_URL", "MEDIA_STORAGE", "S3_BUCKET", "S3_SECRET_ACCESS_KEY", "TRUST_PROXY", "LOG_LEVEL"]) expect(reads).toContain(name);
    for (const name of Object.keys(appEnv)) expect(reads.has(name), `${name} is read by the app`).toBe(true);
  });

  it("sets every S3 setting that MEDIA_STORAGE=s3 needs, naming the bucket the job makes and the proxy serves", () => {
    expect(appEnv.MEDIA_STORAGE).toBe("s3");
    // The settings config.ts refuses to start without, then the ones this stack needs besides.
    const required = JSON.parse(/const missing = (\[[^\]]*\])/.exec(read("app/server/platform/config.ts"))![1]!.replace(/'/g, '"')) as string[];
    expect(required).toContain("S3_BUCKET");
    for (const name of [...required, "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) expect(appEnv[name], name).toBeTruthy();
    const bucket = appEnv.S3_BUCKET!;
    expect(bucket).toMatch(/^[a-z0-9][a-z0-9.-]{2,62}$/);
    expect(Object.keys(compose.services), "S3_ENDPOINT names a service of the stack").toContain(new URL(appEnv.S3_ENDPOINT!).hostname);
    const script = scriptOf(bucketJob![1]);
    expect(script).toMatch(new RegExp(`\\bmc\\s+mb\\b[^\\n]*\\b\\w+/${bucket}\\b`));
    expect(script).toMatch(new RegExp(`\\bmc\\s+anonymous\\s+set\\s+download\\s+\\w+/${bucket}\\b`));
    const publicUrl = composeDefault(appEnv.MEDIA_PUBLIC_URL!);
    expect(publicUrl).toMatch(new RegExp(`^https?://[^/]+/${bucket}$`));
    // The proxy serves that path from the store.
    expect(haproxy).toMatch(new RegExp(`path_beg /${bucket}/`));
  });

  it("writes no secret in the file: each comes from the environment or .env, required", () => {
    const secret = /PASSWORD|SECRET|TOKEN|ACCESS_KEY/;
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(environmentOf(service))) {
        if (!secret.test(key)) continue;
        expect(value, `${name}.${key} comes from \${…}`).toMatch(/^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/);
        expect(composeDefault(value) ?? "", `${name}.${key} has no default value`).toBe("");
        if (/PASSWORD|SECRET/.test(key)) expect(value, `${name}.${key} is required`).toMatch(/^\$\{[A-Z0-9_]+:\?/);
      }
    }
    // A password inside a URL is interpolated too.
    const url = new URL(appEnv.DATABASE_URL!.replace(/\$\{[^}]*\}/g, "interpolated"));
    expect(url.password).toBe("interpolated");
    expect(appEnv.DATABASE_URL).toMatch(/:\$\{[A-Z0-9_]+:\?[^}]*\}@/);
  });

  it("lists every required variable in .env.example, with no password filled in", () => {
    const example = Object.fromEntries(
      read(".env.example")
        .split(/\r?\n/)
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    const required = new Set([...read("compose.yaml").matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((match) => match[1]!));
    expect(required.size).toBeGreaterThan(0);
    for (const name of required) expect(Object.keys(example), `${name} in .env.example`).toContain(name);
    for (const [name, value] of Object.entries(example)) if (/PASSWORD|SECRET|TOKEN/.test(name)) expect(value, `${name} is left empty`).toBe("");
  });

  it("pins every image it pulls", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build) continue;
      const tag = /:([^:@/]+)(@sha256:[0-9a-f]{64})?$/.exec(service.image ?? "")?.[1];
      expect(tag, `${name}'s image has a tag`).toBeDefined();
      expect(tag, `${name}'s image is pinned`).not.toBe("latest");
      expect(tag, `${name}'s image tag names a version`).toMatch(/\d/);
    }
  });

  it("puts one proxy in front that balances the replicas on /api/ready, and tells the app so", () => {
    const found = Object.entries(compose.services).find(([, service]) => (service.ports ?? []).length > 0 && /(^|\/)haproxy:/.test(service.image ?? ""));
    expect(found, "a haproxy service publishes a port").toBeDefined();
    const [proxyName, proxy] = found!;
    const config = (proxy.volumes ?? []).map((entry) => (typeof entry === "string" ? entry.split(":")[0]! : entry.source!)).find((source) => source.endsWith(".cfg"));
    expect(config && existsSync(path.join(root, config)), `${proxyName}'s config is in the repository`).toBe(true);
    // Readiness, on every replica found by name, at the port the image exposes.
    expect(haproxy).toMatch(/http-check send meth GET uri \/api\/ready\b/);
    const exposed = Number(of(final, "EXPOSE")[0]!.args.split(/\s+/)[0]);
    expect(haproxy).toMatch(new RegExp(`server-template \\S+ \\S+ app:${exposed}\\b`));
    expect(haproxy).toMatch(/option forwardfor/);
    expect(Number(composeDefault(appEnv.TRUST_PROXY ?? "") ?? 0)).toBeGreaterThanOrEqual(1);
  });
});

describe("docs/deployment.md", () => {
  it("says the images were not built here, and names the checks that stand in", () => {
    const doc = read("docs/deployment.md");
    expect(doc).toMatch(/no Docker engine/i);
    expect(doc).toContain("tests/api/deployment-files.test.ts");
    for (const topic of ["/api/health", "/api/ready", "METRICS_TOKEN", "media:migrate", "npm run backup", "C.UTF-8", "TRUST_PROXY"]) expect(doc).toContain(topic);
  });
});

/**
 * Backups (issue 16): `npm run backup` and `npm run restore` round-trip a populated site (articles
 * in both languages with uploaded media, users, comments, bookmarks) on the embedded database and
 * on PostgreSQL, and the restored site answers the API as the original did, serves the same media
 * byte for byte, and lets its people sign in. Bad input gets one line and a non-zero exit.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestCluster, startCluster } from "../support/postgres-cluster.mjs";
import { type TestS3, startS3 } from "../support/s3-server.mjs";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const READER_PASSWORD = "reader-password-1";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup|restore -- <dir>` as an operator runs it, as a child process with its own environment. */
function runScript(script: "backup" | "restore", args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [`scripts/${script}.js`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", MEDIA_STORAGE: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
  return new Promise((resolve) =>
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** A refusal: exit 1, one line on stderr matching `pattern`. */
function expectRefusal(run: Run, pattern: RegExp): void {
  expect(run.code, run.stderr + run.stdout).toBe(1);
  const lines = run.stderr.trim().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), `khulasa-${prefix}-`));
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

async function api<T = any>(baseUrl: string, url: string, init: { method?: string; token?: string; json?: unknown; form?: FormData } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(baseUrl + url, {
    method: init.method ?? "GET",
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function expectCreated<T = any>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200 && status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<{ status: number; token?: string }> {
  const res = await api<{ token: string }>(baseUrl, "/api/admin/login", { method: "POST", json: { username: email, password } });
  return { status: res.status, token: res.body?.token };
}

interface Site {
  adminToken: string;
  readerToken: string;
  readerEmail: string;
  slugs: string[];
}

/**
 * What a newsroom's site holds, made through the API: an English story with a PNG banner, its
 * Nepali translation with a JPEG banner and a video, a reader who comments (one approved, one
 * pending) and bookmarks, and a second member of the newsroom.
 */
async function populate(baseUrl: string): Promise<Site> {
  const { token: adminToken } = await signIn(baseUrl, TEST_ADMIN.email, TEST_ADMIN.password);
  if (!adminToken) throw new Error("admin sign-in failed");
  const as = { token: adminToken };
  const writer = await expectCreated(api(baseUrl, "/api/writers", { ...as, method: "POST", json: { name: "Sita Sharma", name_ne: "सीता शर्मा", email: "sita@test.example", bio: "Covers budgets." } }), "writer");
  const category = await expectCreated(api(baseUrl, "/api/categories", { ...as, method: "POST", json: { name_en: "Investigations", name_ne: "अनुसन्धान" } }), "category");
  const tag = await expectCreated(api(baseUrl, "/api/tags", { ...as, method: "POST", json: { name_en: "Procurement", name_ne: "खरिद" } }), "tag");

  const png = new Uint8Array(await sharp({ create: { width: 64, height: 40, channels: 3, background: "#1f6f8b" } }).png().toBuffer());
  const jpeg = new Uint8Array(
    await sharp({ create: { width: 120, height: 80, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg().toBuffer(),
  );
  // A video is stored as uploaded, not re-encoded: its bytes are the reader's bytes.
  const mp4 = new Uint8Array(Buffer.concat([Buffer.from("00000018667479706D703432000000006D70343269736F6D", "hex"), Buffer.alloc(2000, 7)]));

  const english = new FormData();
  for (const [name, value] of Object.entries({
    title: "Road contracts paid twice",
    content: "<p>The audit lists <strong>payments</strong> without receipts.</p>",
    writer_id: String(writer.id),
    category_id: String(category.id),
    tags: JSON.stringify([tag.id]),
    language: "en",
    is_published: "true",
    banner_caption: "The ministry",
  })) english.append(name, value);
  english.append("banner", new Blob([png], { type: "image/png" }), "banner.png");
  const en = await expectCreated(api(baseUrl, "/api/news", { ...as, method: "POST", form: english }), "English article");

  const nepali = new FormData();
  for (const [name, value] of Object.entries({
    title: "सडक ठेक्काको दोहोरो भुक्तानी",
    content: "<p>लेखापरीक्षणले रसिदबिनाका भुक्तानी देखाएको छ।</p>",
    writer_id: String(writer.id),
    category_id: String(category.id),
    tags: JSON.stringify([tag.id]),
    language: "ne",
    is_published: "true",
    translation_id: String(en.id),
    banner_caption: "मन्त्रालय",
    "captions[0]": "भिडियो",
  })) nepali.append(name, value);
  nepali.append("banner", new Blob([jpeg], { type: "image/jpeg" }), "banner.jpg");
  nepali.append("media[0]", new Blob([mp4], { type: "video/mp4" }), "clip.mp4");
  const ne = await expectCreated(api(baseUrl, "/api/news", { ...as, method: "POST", form: nepali }), "Nepali article");
  const draft = await expectCreated(
    api(baseUrl, "/api/news", { ...as, method: "POST", json: { title: "Draft: the second contract", content: "<p>Not yet.</p>", writer_id: writer.id, is_published: "false" } }),
    "draft",
  );

  const readerEmail = "reader@test.example";
  const reader = await expectCreated(
    api<{ token: string; user: { id: number } }>(baseUrl, "/api/users/register", { method: "POST", json: { name: "पाठक Reader", email: readerEmail, password: READER_PASSWORD } }),
    "reader",
  );
  const member = await expectCreated(
    api<{ user: { id: number } }>(baseUrl, "/api/users/register", { method: "POST", json: { name: "New Author", email: "author@test.example", password: "author-password-1" } }),
    "author",
  );
  // A role change needs a session that has just proved itself (issue 35): the admin's password.
  await expectCreated(api(baseUrl, "/api/users/me/reauthenticate", { ...as, method: "POST", json: { password: TEST_ADMIN.password } }), "re-authentication");
  await expectCreated(api(baseUrl, `/api/users/${member.user.id}`, { ...as, method: "PUT", json: { role: "author" } }), "promotion");

  const approved = await expectCreated(
    api<{ id: number }>(baseUrl, `/api/news/${en.id}/comments`, { token: reader.token, method: "POST", json: { content: "Who signed the second payment?" } }),
    "comment",
  );
  await expectCreated(api(baseUrl, `/api/comments/${approved.id}/approve`, { ...as, method: "PUT" }), "approval");
  await expectCreated(api(baseUrl, `/api/news/${ne.id}/comments`, { token: reader.token, method: "POST", json: { content: "दोस्रो भुक्तानी कसले गर्‍यो?" } }), "pending comment");
  const bookmark = await api(baseUrl, `/api/users/me/bookmarks/${ne.id}`, { token: reader.token, method: "POST" });
  expect(bookmark.body).toEqual({ bookmarked: true });

  return { adminToken, readerToken: reader.token, readerEmail, slugs: [en.slug, ne.slug, draft.slug] };
}

/**
 * Everything the API says about the site, as its people see it. Only sessions made before the
 * backup are used: a new admin sign-in would add to the audit trail that is compared.
 */
async function snapshot(baseUrl: string, site: Site): Promise<Record<string, unknown>> {
  const admin = { token: site.adminToken };
  const reader = { token: site.readerToken };
  const answers: Record<string, unknown> = {};
  const read = async (key: string, url: string, as: { token?: string } = {}) => {
    const res = await api(baseUrl, url, as);
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    answers[key] = res.body;
  };
  await read("news", "/api/news?status=all&limit=100", admin);
  await read("news in Nepali", "/api/news?language=ne&lang=ne");
  await read("edition", "/api/news?edition=ne");
  await read("search", `/api/news?search=${encodeURIComponent("भुक्तानी")}`);
  for (const slug of site.slugs) await read(`article ${slug}`, `/api/news/${encodeURIComponent(slug)}`, admin);
  await read("users", "/api/users", admin);
  await read("comments", "/api/comments", admin);
  await read("public comments", "/api/comments");
  await read("bookmarks", "/api/users/me/bookmarks", reader);
  await read("reader", "/api/users/me", reader);
  await read("categories", "/api/categories");
  await read("tags", "/api/tags");
  await read("writers", "/api/writers");
  await read("audit", "/api/audit?limit=100", admin);
  return answers;
}

/** The snapshot holds what populate() made: a comparison of empty answers would prove nothing. */
function expectPopulated(answers: Record<string, any>): void {
  expect(answers.news.total).toBe(3);
  expect(answers["news in Nepali"].articles).toHaveLength(1);
  expect(answers.users).toHaveLength(3);
  expect(answers.comments).toHaveLength(2);
  expect(answers.bookmarks.articles).toHaveLength(1);
  expect(answers.search.articles).toHaveLength(1);
  expect(answers.audit.entries.length).toBeGreaterThan(3);
}

/** Every stored upload by name, with its checksum. */
async function mediaChecksums(uploads: string): Promise<Record<string, string>> {
  const names = (await readdir(uploads)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, sha256(await readFile(path.join(uploads, name)))] as const)));
}

/** What readers fetch: every upload the articles name, served by the site. */
async function servedMedia(baseUrl: string, names: string[]): Promise<Record<string, string>> {
  const served: Record<string, string> = {};
  for (const name of names) {
    const res = await fetch(`${baseUrl}/uploads/${name}`);
    expect(res.status, name).toBe(200);
    served[name] = sha256(new Uint8Array(await res.arrayBuffer()));
  }
  return served;
}

interface Manifest {
  database: { kind: string; file: string; migrations: { count: number; latest: string } };
  media: { count: number };
  files: { path: string; size: number; sha256: string }[];
}

/** Every object in a bucket by name, with its checksum and type, read as readers read it (the public address). */
async function bucketContents(s3: TestS3): Promise<Record<string, string>> {
  const listing = await (await fetch(`${s3.publicUrl}?list-type=2`)).text();
  const names = [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!).sort();
  const contents: Record<string, string> = {};
  for (const name of names) {
    const res = await fetch(`${s3.publicUrl}/${name}`);
    contents[name] = `${sha256(new Uint8Array(await res.arrayBuffer()))} ${res.headers.get("content-type")}`;
  }
  return contents;
}

/** The round trip both databases share: the restored site answers and signs in as the original did. */
async function compareRestored(before: Record<string, unknown>, restored: RunningServer, site: Site) {
  expect(await snapshot(restored.baseUrl, site)).toEqual(before);
  expect((await signIn(restored.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
  expect((await signIn(restored.baseUrl, site.readerEmail, READER_PASSWORD)).status).toBe(200);
  expect((await signIn(restored.baseUrl, site.readerEmail, "not-the-password")).status).toBe(401);
}

describe("backup and restore: the embedded database", () => {
  let source: RunningServer;
  let restored: RunningServer | undefined;
  let site: Site;
  let before: Record<string, unknown>;
  let media: Record<string, string>;
  let backupDir: string;
  let restoreDir: string;
  const scratch: string[] = [];

  beforeAll(async () => {
    source = await startServer();
    site = await populate(source.baseUrl);
    before = await snapshot(source.baseUrl, site);
    expectPopulated(before);
    backupDir = path.join(await tempDir("backup"), "nightly");
    restoreDir = await tempDir("restored");
    scratch.push(path.dirname(backupDir), restoreDir);
  }, 120_000);
  afterAll(async () => {
    await restored?.stop();
    await source?.stop();
    await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("refuses to back up a data folder a running server holds, naming the process", async () => {
    const run = await runScript("backup", [backupDir], { DATA_DIR: source.dataDir });
    expectRefusal(run, new RegExp(`^The embedded database in .+ is in use by process ${source.child.pid} \\(a running server\\): stop it first`));
  }, 60_000);

  it("backs up into a new folder: the data folder's dump and every upload, with checksums", async () => {
    await source.stop({ keepData: true });
    media = await mediaChecksums(path.join(source.dataDir, "uploads"));
    expect(Object.keys(media).some((name) => name.endsWith(".mp4"))).toBe(true);
    expect(Object.keys(media).filter((name) => /\.(png|jpg)$/.test(name)).length).toBeGreaterThanOrEqual(2);

    const run = await runScript("backup", [backupDir], { DATA_DIR: source.dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/Backed up the embedded database \(PostgreSQL [\d.]+, \d+ migrations, latest \d{4}_\w+; [\d.]+ MB\) and \d+ media files/);

    const manifest = JSON.parse(await readFile(path.join(backupDir, "manifest.json"), "utf8")) as Manifest;
    expect(manifest.database).toMatchObject({ kind: "pglite", file: "database/pglite-data.tar.gz" });
    expect(manifest.database.migrations.count).toBeGreaterThan(10);
    expect(manifest.media.count).toBe(Object.keys(media).length);
    for (const file of manifest.files) {
      const data = await readFile(path.join(backupDir, file.path));
      expect({ size: data.byteLength, sha256: sha256(data) }, file.path).toEqual({ size: file.size, sha256: file.sha256 });
    }
    const backedUp = Object.fromEntries(manifest.files.filter((f) => f.path.startsWith("media/")).map((f) => [f.path.slice(6), f.sha256]));
    expect(backedUp).toEqual(media);
    // Password hashes and sessions are in there: for the user who made it only.
    expect((await stat(backupDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(backupDir, manifest.database.file))).mode & 0o777).toBe(0o600);

    // Backing up changed nothing: the site starts again on its folder and says the same.
    source = await startServer({}, { dataDir: source.dataDir });
    expect(await snapshot(source.baseUrl, site)).toEqual(before);
    await source.stop({ keepData: true });
  }, 120_000);

  it("restores into an empty data folder: the same answers, the same media byte for byte, and everyone can sign in", async () => {
    const run = await runScript("restore", [backupDir], { DATA_DIR: restoreDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^Restored the embedded database of .+ into .+, and \d+ media files into .+\. Start the server to use it\.\n$/);
    restored = await startServer({}, { dataDir: restoreDir });
    await compareRestored(before, restored, site);
    expect(await mediaChecksums(path.join(restored.dataDir, "uploads"))).toEqual(media);
    expect(await servedMedia(restored.baseUrl, Object.keys(media))).toEqual(media);
  }, 120_000);

  it("refuses to restore into a data folder a server holds, or one that already has a database", async () => {
    const running = await runScript("restore", [backupDir], { DATA_DIR: restoreDir });
    expectRefusal(running, new RegExp(`is in use by process ${restored!.child.pid} \\(a running server\\)`));
    await restored!.stop({ keepData: true });
    restored = undefined;
    const filled = await runScript("restore", [backupDir], { DATA_DIR: restoreDir });
    expectRefusal(filled, /^.+\/db already holds a database: restore into an empty DATA_DIR\.$/);
  }, 60_000);

  it("refuses a backup whose file does not match the manifest, naming the file, and writes nothing", async () => {
    const tampered = path.join(path.dirname(backupDir), "tampered");
    await cp(backupDir, tampered, { recursive: true });
    const victim = Object.keys(media).find((name) => name.endsWith(".mp4"))!;
    const bytes = await readFile(path.join(tampered, "media", victim));
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    await writeFile(path.join(tampered, "media", victim), bytes);
    const target = await tempDir("tampered-target");
    scratch.push(target);

    const run = await runScript("restore", [tampered], { DATA_DIR: target });
    expectRefusal(run, new RegExp(`^Checksum mismatch in .+: media/${victim.replace(".", "\\.")} does not match the manifest\\. Nothing was restored\\.$`));
    expect(await readdir(target)).toEqual([]);

    const manifest = JSON.parse(await readFile(path.join(tampered, "manifest.json"), "utf8")) as Manifest;
    await rm(path.join(tampered, manifest.database.file));
    expectRefusal(
      await runScript("restore", [tampered], { DATA_DIR: target }),
      new RegExp(`: media/${victim.replace(".", "\\.")} does not match the manifest; ${manifest.database.file.replace(/\./g, "\\.")} is missing\\. Nothing was restored\\.$`),
    );
    await rm(path.join(tampered, "manifest.json"));
    expectRefusal(await runScript("restore", [tampered], { DATA_DIR: target }), /has no manifest\.json: it is not a backup, or one that did not finish\.$/);
    expect(await readdir(target)).toEqual([]);
  }, 60_000);

  it("refuses bad input in one line: no folder named, a backup folder that is not empty, a backup that is not there, the wrong kind of database", async () => {
    const usage = await runScript("backup", [], { DATA_DIR: source.dataDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr.trim()).toMatch(/^Usage: npm run backup -- <dir>/);
    expect((await runScript("restore", [], { DATA_DIR: restoreDir })).stderr.trim()).toMatch(/^Usage: npm run restore -- <dir>/);

    expectRefusal(await runScript("backup", [backupDir], { DATA_DIR: source.dataDir }), /^.+nightly is not empty: back up into an empty or new folder\.$/);
    const nowhere = path.join(path.dirname(backupDir), "never-written");
    expectRefusal(await runScript("restore", [nowhere], { DATA_DIR: restoreDir }), /^There is no backup at .+never-written: the folder does not exist\.$/);
    const empty = await tempDir("no-data");
    scratch.push(empty);
    expectRefusal(await runScript("backup", [nowhere], { DATA_DIR: empty }), /^There is no embedded database in .+ to back up \(check DATA_DIR\)\.$/);
    expect(await readdir(path.dirname(backupDir))).not.toContain("never-written");
    expectRefusal(
      await runScript("restore", [backupDir], { DATA_DIR: empty, DATABASE_URL: "postgres://nobody@127.0.0.1:9/none" }),
      /^This is a backup of the embedded database: it restores into an empty DATA_DIR with DATABASE_URL unset, not into PostgreSQL\.$/,
    );
  }, 60_000);
});

/** The site of several machines: PostgreSQL, and the media in a bucket (MEDIA_STORAGE=s3). */
describe("backup and restore: PostgreSQL and a bucket", () => {
  let cluster: TestCluster;
  let bucket: TestS3;
  let emptyBucket: TestS3;
  let source: RunningServer;
  let restored: RunningServer | undefined;
  const scratch: string[] = [];

  beforeAll(async () => {
    cluster = await startCluster();
    cluster.createDatabase("newsroom");
    cluster.createDatabase("newsroom_restored");
    cluster.createDatabase("newsroom_spare");
    [bucket, emptyBucket] = await Promise.all([startS3("media"), startS3("media-restored")]);
  }, 120_000);
  afterAll(async () => {
    await restored?.stop();
    await source?.stop();
    cluster?.stop();
    await Promise.all([bucket?.stop(), emptyBucket?.stop()]);
    await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("backs up while the server runs and restores into an empty database and bucket: the same answers, and the same media with their types", async () => {
    source = await startServer({ DATABASE_URL: cluster.url("newsroom"), ...bucket.env });
    const site = await populate(source.baseUrl);
    const before = await snapshot(source.baseUrl, site);
    expectPopulated(before);
    const media = await bucketContents(bucket);
    expect(Object.keys(media).length).toBeGreaterThanOrEqual(3);
    const backupDir = path.join(await tempDir("pg-backup"), "nightly");
    scratch.push(path.dirname(backupDir), source.dataDir);

    // PostgreSQL takes its own consistent snapshot: no need to stop the site.
    const backup = await runScript("backup", [backupDir], { DATABASE_URL: cluster.url("newsroom"), DATA_DIR: source.dataDir, ...bucket.env });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up the PostgreSQL database \(PostgreSQL [\d.]+, \d+ migrations, latest \d{4}_\w+;/);
    const manifest = JSON.parse(await readFile(path.join(backupDir, "manifest.json"), "utf8")) as Manifest;
    expect(manifest.database).toMatchObject({ kind: "postgres", file: "database/postgres.dump" });
    expect(manifest.media).toMatchObject({ store: "s3", count: Object.keys(media).length });
    expect((await readFile(path.join(backupDir, "database/postgres.dump"))).subarray(0, 5).toString("latin1")).toBe("PGDMP");
    await source.stop();

    const elsewhere = await tempDir("pg-refused");
    scratch.push(elsewhere);
    const target = { DATABASE_URL: cluster.url("newsroom_restored"), DATA_DIR: elsewhere, ...emptyBucket.env };
    expectRefusal(
      await runScript("restore", [backupDir], { ...target, DATABASE_URL: cluster.url("newsroom") }),
      /^The database at 127\.0\.0\.1:\d+\/newsroom is not empty \(\d+ tables\): restore into an empty database/,
    );
    expectRefusal(
      await runScript("restore", [backupDir], { ...target, DATABASE_URL: cluster.url("newsroom_spare"), ...bucket.env }),
      /^The media store \(the bucket "media" at http:\/\/127\.0\.0\.1:\d+\) is not empty: restore into an empty bucket\.$/,
    );
    expectRefusal(
      await runScript("restore", [backupDir], { ...target, DATABASE_URL: "" }),
      /^This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into\.$/,
    );
    expect(await bucketContents(emptyBucket)).toEqual({});

    const run = await runScript("restore", [backupDir], target);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Restored the PostgreSQL database of .+ into the database at 127\.0\.0\.1:\d+\/newsroom_restored, and \d+ media files into the bucket "media-restored"/);

    restored = await startServer({ DATABASE_URL: cluster.url("newsroom_restored"), ...emptyBucket.env }, { dataDir: elsewhere });
    await compareRestored(before, restored, site);
    expect(await bucketContents(emptyBucket)).toEqual(media);
  }, 240_000);
});

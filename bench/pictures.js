// `npm run bench:pictures`: what pictures cost a phone, and what making them costs the server
// (issue 41). On a fresh data folder with the demo: the picture bytes home and /ne transfer in
// headless Chromium at 375 px wide (DPR 2 and 3), first screen and scrolled to the end, with the
// AVIF and WebP variants and again without them (their records removed: what pages offered
// before); and an upload burst (8 pictures 2,400 px wide at once) with the server's VmHWM around it.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { newDataDir, prepareBuild, record, removeDataDir, root, signIn, startServer } from "./support.js";

const PAGES = ["/", "/ne"];
const DPRS = [2, 3];
const BURST = 8;

/** Bytes of image responses (headers and body, as sent) while `path` loads, and after scrolling to its end. */
async function pictureBytes(browser, base, path, dpr) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: dpr, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  let bytes = 0;
  let count = 0;
  page.on("requestfinished", async (request) => {
    if (request.resourceType() !== "image") return;
    const sizes = await request.sizes();
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    count++;
  });
  await page.goto(base + path, { waitUntil: "networkidle" });
  const firstScreen = { bytes, count };
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  const scrolled = { bytes, count };
  await context.close();
  return { firstScreen, scrolled };
}

async function measurePages(base) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const results = {};
  for (const path of PAGES) for (const dpr of DPRS) results[`${path} dpr${dpr}`] = await pictureBytes(browser, base, path, dpr);
  await browser.close();
  return results;
}

/** A photograph-like picture: shapes under fine noise, which encoders cannot flatten away. */
async function photo(seed) {
  const circles = Array.from({ length: 120 }, (_, i) => `<circle cx="${(i * 97 + seed * 31) % 2400}" cy="${(i * 53 + seed * 17) % 1600}" r="${30 + ((i * seed) % 90)}" fill="#${((i * 2654435761 + seed) % 0xffffff).toString(16).padStart(6, "0")}" opacity="0.7"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><rect width="2400" height="1600" fill="#456"/>${circles.join("")}</svg>`;
  const noise = await sharp({ create: { width: 2400, height: 1600, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 12 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: "overlay" }]).jpeg({ quality: 88 }).toBuffer();
}

async function uploadBurst(server) {
  const { cookie, origin } = await signIn(server.base);
  const photos = await Promise.all(Array.from({ length: BURST }, (_, i) => photo(i + 1)));
  const upload = async (bytes, i) => {
    const form = new FormData();
    form.append("media", new Blob([bytes], { type: "image/jpeg" }), `photo-${i}.jpg`);
    form.append("purpose", "banner");
    const started = performance.now();
    const res = await fetch(`${server.base}/api/upload`, { method: "POST", headers: { cookie, origin }, body: form });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return performance.now() - started;
  };
  const hwmBefore = server.peakRssMb();
  const single = await upload(photos[0], 0);
  const started = performance.now();
  const times = await Promise.all(photos.map(upload));
  return { single_ms: Math.round(single), burst_ms: Math.round(performance.now() - started), slowest_ms: Math.round(Math.max(...times)), hwm_before_mb: hwmBefore, hwm_after_mb: server.peakRssMb(), rss_after_mb: server.rssMb(), input_mb: +(photos.reduce((n, p) => n + p.length, 0) / 1024 / 1024).toFixed(1) };
}

/** Removes every variant record: pages then offer only what they offered before variants existed. */
function forgetVariants(dataDir) {
  const script = `
    const build = await import(${JSON.stringify(`${root}/build/server/index.js`)});
    await build.startApp();
    const db = await build.database();
    await db.execute("delete from media_variants");
    await build.stopApp();`;
  // A file, not `--input-type=module -e`: the database's worker inherits the process's flags, and that one refuses a file.
  const file = path.join(dataDir, "forget-variants.mjs");
  writeFileSync(file, script);
  const run = spawnSync(process.execPath, [file], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "", DEMO_CONTENT: "true", ADMIN_EMAIL: "bench@example.com", ADMIN_PASSWORD: "bench-admin-password" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (run.status !== 0) throw new Error("could not remove the variant records");
}

prepareBuild();
const dataDir = newDataDir();
try {
  let server = await startServer({ dataDir });
  const firstStartHwm = server.peakRssMb();
  const withVariants = await measurePages(server.base);
  await server.stop();

  forgetVariants(dataDir);
  server = await startServer({ dataDir });
  const withoutVariants = await measurePages(server.base);
  const burst = await uploadBurst(server);
  await server.stop();

  const kb = (bytes) => Math.round(bytes / 1024);
  const rows = Object.keys(withVariants).map((key) => ({
    page: key,
    before_first_kb: kb(withoutVariants[key].firstScreen.bytes),
    after_first_kb: kb(withVariants[key].firstScreen.bytes),
    before_scrolled_kb: kb(withoutVariants[key].scrolled.bytes),
    after_scrolled_kb: kb(withVariants[key].scrolled.bytes),
    scrolled_ratio: +(withVariants[key].scrolled.bytes / withoutVariants[key].scrolled.bytes).toFixed(2),
  }));
  console.table(rows);
  console.table([{ first_start_hwm_mb: firstStartHwm, ...burst }]);
  record({ bench: "pictures", pages: rows, first_start_hwm_mb: firstStartHwm, upload_burst: { uploads: BURST, ...burst } });
} finally {
  removeDataDir(dataDir);
}

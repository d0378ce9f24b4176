// Screenshots of pages at phone and desktop widths, light and dark, to look at what we built.
// Usage: node scripts/screenshots.js <base-url> <out-dir> <path> [<path>…]
import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error("usage: node scripts/screenshots.js <base-url> <out-dir> <path> [<path>…]");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
for (const [device, viewport] of Object.entries(viewports)) {
  for (const colorScheme of ["light", "dark"]) {
    const page = await browser.newPage({ viewport, colorScheme, deviceScaleFactor: 1 });
    for (const pagePath of paths) {
      await page.goto(baseUrl + pagePath, { waitUntil: "networkidle" });
      const name = `${pagePath.replace(/[^\w]+/g, "_").replace(/^_|_$/g, "").slice(0, 40) || "home"}-${device}-${colorScheme}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: false });
      console.log(path.join(outDir, name));
    }
    await page.close();
  }
}
await browser.close();

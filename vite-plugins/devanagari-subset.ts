/**
 * English pages show a few words in Devanagari of their own in the header: the language switch,
 * the Nepali weekday of the clock, the Nepali home link (issue 41). Rather than the whole face (50
 * KB a weight, 102 KB for the two an English page used) they get a subset of the regular weight
 * holding the characters of those texts and Devanagari digits (17 KB; with the bold one too it was
 * 35), made here at build time from the same @fontsource file (styles/site.css declares it, for
 * those words alone; a bold label is emboldened by the browser). Any other Devanagari on an
 * English page (a Nepali story's title in a list) is drawn by the system's font.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import type { Plugin } from "vite";

/** Where the English pages' fixed Devanagari texts are written. */
const SOURCES = ["app/lib/languages/ne/config.ts", "app/lib/dates.ts", "app/lib/messages.ts"];
const DIGITS = "०१२३४५६७८९";
const FACE_PACKAGE = "@fontsource/noto-sans-devanagari/files";
export const SUBSET_FOLDER = "app/styles/generated";

/** The Devanagari characters the sources hold, sorted, and the space and joiners shaping needs. */
export function englishPagesDevanagari(root: string): string {
  const characters = new Set(DIGITS + " \u200c\u200d");
  for (const source of SOURCES) for (const [character] of readFileSync(path.join(root, source), "utf8").matchAll(/[\u0900-\u097f]/g)) characters.add(character!);
  return [...characters].sort().join("");
}

async function writeSubsets(root: string) {
  const text = englishPagesDevanagari(root);
  const folder = path.join(root, SUBSET_FOLDER);
  const stamp = path.join(folder, "stamp");
  // Resolved as Node would from the root: a build in a folder of its own (a test's) finds the packages above it.
  const face = readFileSync(createRequire(path.join(root, "package.json")).resolve(`${FACE_PACKAGE}/noto-sans-devanagari-devanagari-400-normal.woff2`));
  // The texts and the face itself: a new font release makes the subset again, whatever else the lockfile says.
  const wanted = createHash("sha256").update(text).update(face).digest("hex");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "devanagari-labels-400.woff2"), await subsetFont(face, text, { targetFormat: "woff2" }));
  writeFileSync(stamp, wanted);
}

export function devanagariSubset(): Plugin {
  return {
    name: "khulasa:devanagari-subset",
    // Before any stylesheet is read, in development as in a build.
    async config() {
      await writeSubsets(process.cwd());
    },
  };
}

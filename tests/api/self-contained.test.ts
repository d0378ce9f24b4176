/**
 * The repository explains itself: no tracked file sends its reader to a document a clone does not
 * have (the specification, design, stack and style notes the project started from, which lived
 * beside it in ../shared), and every citation of docs/product.md, docs/api.md or docs/decisions.md
 * names a heading that exists there, so a renamed section cannot leave comments pointing nowhere.
 * README's table of folders names every folder of `app/` and `app/server/`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { describe, expect, it } from "vitest";

const THIS_FILE = "tests/api/self-contained.test.ts";

/** What pointed outside: the folder, its files by name, and the old "SPEC 5" / DESIGN "Privacy" citations. */
const OUTSIDE = [
  /\.\.\/shared\b/,
  /\b(?:SPEC|DESIGN|KNOWN-GOOD-STACK|STYLE)\.md\b/,
  /\bKNOWN-GOOD-STACK\b/,
  /\bSPEC(?:'s|:| sections?| §| \d)/,
  /\bDESIGN(?:'s|:| "|\)|$)/,
];

/** Every tracked text file, as git has it listed. */
function trackedTexts(): { path: string; text: string }[] {
  const paths = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).split("\0").filter(Boolean);
  return paths.flatMap((path) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      return []; // listed but deleted in the working tree
    }
    return bytes.includes(0) ? [] : [{ path, text: bytes.toString("utf8") }];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slugOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slugOf(match[1] ?? "")));
}

const files = trackedTexts();

describe("the repository is self-contained", () => {
  it("no tracked file points to a document outside it", () => {
    const outside = files.flatMap(({ path, text }) =>
      path === THIS_FILE
        ? []
        : text.split("\n").flatMap((line, index) => (OUTSIDE.some((pattern) => pattern.test(line)) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(outside).toEqual([]);
  });

  it("every citation of our docs names a heading they have", () => {
    const docs = ["docs/product.md", "docs/api.md", "docs/decisions.md"];
    const anchors = new Map(docs.map((doc) => [doc, anchorsOf(files.find((file) => file.path === doc)?.text ?? "")]));
    // `docs/product.md#comments`, and the lists comments write: `docs/product.md#comments, #bookmarks and #search`.
    const citation = /(docs\/(?:product|api|decisions)\.md)((?:#[\p{L}\p{N}_-]+(?:, | and )?)+)/gu;
    const unknown = files.flatMap(({ path, text }) =>
      [...text.matchAll(citation)].flatMap(([, doc = "", tail = ""]) =>
        [...tail.matchAll(/#([\p{L}\p{N}_-]+)/gu)]
          .map(([, anchor = ""]) => anchor)
          .filter((anchor) => !anchors.get(doc)?.has(anchor))
          .map((anchor) => `${path}: ${doc}#${anchor}`),
      ),
    );
    expect(anchors.get("docs/product.md")!.size).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });

  it("every link between our Markdown files lands on a heading", () => {
    const markdown = new Map(files.filter(({ path }) => path.endsWith(".md")).map(({ path, text }) => [path, anchorsOf(text)]));
    const broken = files
      .filter(({ path }) => markdown.has(path))
      .flatMap(({ path, text }) =>
        [...text.matchAll(/\]\(([^()\s#]*)#([^()\s]+)\)/g)].flatMap(([, target = "", anchor = ""]) => {
          const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
          const linked = target === "" ? path : posix.normalize(folder + target);
          const headings = markdown.get(linked);
          return headings && !headings.has(anchor) ? [`${path}: ${target}#${anchor}`] : [];
        }),
      );
    expect(broken).toEqual([]);
  });

  it("README's folder table names every folder of the app and of its server", () => {
    const readme = files.find((file) => file.path === "README.md")?.text ?? "";
    const named = new Set([...readme.matchAll(/^\| ([^|]+) \|/gm)].flatMap(([, cell = ""]) => [...cell.matchAll(/`([^`]+)`/g)].map(([, name = ""]) => name)));
    const folders = new Set(
      files
        .map(({ path }) => /^(app\/(?:server\/)?[^/]+)\/[^/]+$/.exec(path) ?? /^(app\/server\/[^/]+)\//.exec(path) ?? /^(app\/[^/]+)\//.exec(path))
        .flatMap((match) => (match?.[1] && match[1] !== "app/server" ? [`${match[1]}/`] : [])),
    );
    expect(folders.size).toBeGreaterThan(15);
    expect([...folders].filter((folder) => !named.has(folder)).sort()).toEqual([]);
  });
});

// `npm run verify-tips -- https://site.example`: does the site send the tip line the code that this
// checkout builds? Reads this checkout's build's tips-manifest.json (vite-plugins/tips-manifest.ts;
// build it first, `npx react-router build`), fetches the site's tip pages in each language,
// every file the manifest lists and every file the pages name, and compares them byte for byte.
// Prints each difference and exits 1 if there is any, 0 if none. It asks the site alone: nothing
// else is fetched, not even a file of another origin that a page names (that is itself reported).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildDir } from "./build-if-stale.js";

const USAGE = "Usage: npm run verify-tips -- <site address>   (e.g. https://example.org, or its onion address)";
// What Tor Browser says it is: a site that served other code to this checker than to sources would
// have to tell them apart by something other than the agent.
const USER_AGENT = "Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0";
// Each file is fetched as each encoding the server may keep a copy of: a server could keep a
// different compressed copy for browsers (br) than for a plain download.
const ENCODINGS = ["br", "gzip", "identity"];
const MAX_REDIRECTS = 5;
const PARALLEL_FETCHES = 4;

const hex = (bytes) => createHash("sha256").update(bytes).digest("hex");
const cspHash = (text) => `sha256-${createHash("sha256").update(text).digest("base64")}`;
const preview = (text) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** An element's attributes, names in lower case; a bare attribute has the value "". */
function attributesOf(source) {
  const attributes = new Map();
  for (const [, name, double, single, bare] of source.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attributes.set(name.toLowerCase(), double ?? single ?? bare ?? "");
  }
  return attributes;
}

/** Browsers run a script element whose type is missing, empty, "module" or a JavaScript MIME type; any other type is data. */
const runs = (type) => type === undefined || type === "" || /^(module|(text|application)\/(x-)?(java|ecma)script)$/i.test(type.trim());

/** Elements that could bring code into the page or change where its addresses lead. */
const FOREIGN_ELEMENTS = /<(iframe|frame|frameset|object|embed|portal|base|applet)\b|<meta\b[^>]*\bhttp-equiv\b/gi;
/** The links that make a browser fetch code or style: the rest (icon, canonical, alternate, a font) are not code. */
const codeLink = (rel, as) => /\b(modulepreload|stylesheet)\b/.test(rel) || (/\bpreload\b/.test(rel) && /^(script|style|worker|sharedworker|serviceworker)$/.test(as ?? ""));

/** What a page carries and names: its inline scripts and styles, its data blocks, and the files it asks for. */
function readPage(html) {
  const found = { inlineScripts: [], inlineStyles: [], dataScripts: [], files: new Set(), foreign: [] };
  for (const [, attributeText, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = attributesOf(attributeText);
    if (attributes.has("src")) found.files.add(attributes.get("src"));
    else if (runs(attributes.get("type"))) found.inlineScripts.push(content);
    else found.dataScripts.push({ id: attributes.get("id"), content });
  }
  for (const [, attributeText] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = attributesOf(attributeText);
    if (codeLink((attributes.get("rel") ?? "").toLowerCase(), attributes.get("as")?.toLowerCase()) && attributes.has("href")) found.files.add(attributes.get("href"));
  }
  for (const [, , content] of html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi)) found.inlineStyles.push(content);
  for (const [element] of html.matchAll(FOREIGN_ELEMENTS)) found.foreign.push(element);
  return found;
}

/** Addresses inside a data block that the islands' code fetches (the islands' script list names its chunks). */
function addressesIn(value, into) {
  if (typeof value === "string" && /^\/[^/].*\.(js|mjs|css|wasm|json)$/.test(value)) into.add(value);
  else if (Array.isArray(value)) for (const item of value) addressesIn(item, into);
  else if (value && typeof value === "object") for (const item of Object.values(value)) addressesIn(item, into);
  return into;
}

/**
 * What the Content Security Policy lets a page run, as this build allows it: the site's own files,
 * WebAssembly (libsodium), the manifest's inline scripts and one nonce, which is new on every
 * answer and the only part of the page that is. Each policy of the header applies on its own, so
 * one as strict as that is enough; a script directive falls back to `script-src`, then `default-src`.
 */
function policyProblem(header, inlineScripts) {
  if (!header) return "no Content-Security-Policy header: the browser would run any inline script";
  const allowed = (token) => ["'self'", "'wasm-unsafe-eval'"].includes(token) || /^'nonce-[A-Za-z0-9+/_-]+={0,2}'$/.test(token) || inlineScripts.includes(token.slice(1, -1));
  const excesses = header.split(",").map((policy) => {
    const directives = new Map(
      policy.split(";").map((directive) => directive.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...values]) => [name.toLowerCase(), values]),
    );
    const effective = (name) => directives.get(name) ?? directives.get("script-src") ?? directives.get("default-src");
    const tokens = ["script-src", "script-src-elem", "script-src-attr", "worker-src"].map(effective);
    if (tokens.some((values) => values === undefined)) return ["(no script-src or default-src)"];
    return [...new Set(tokens.flat().filter((token) => !allowed(token)))];
  });
  if (excesses.some((excess) => excess.length === 0)) return undefined;
  return `its Content-Security-Policy lets scripts run from more than this build's: ${excesses.map((excess) => excess.join(" ")).join(" / ")}`;
}

/**
 * A request that failed on the network is made once more: a connection that the server closed as
 * idle just as it was reused fails that way, and over Tor a circuit may drop. An answer, whatever
 * its status, is never asked for again.
 */
async function fetchAgain(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

async function fetchFrom(site, address, encoding) {
  let url = new URL(address, site);
  for (let hops = 0; ; hops++) {
    const response = await fetchAgain(url, { redirect: "manual", headers: { "User-Agent": USER_AGENT, "Accept-Encoding": encoding } });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return { url, response };
    await response.body?.cancel();
    const next = new URL(location, url);
    if (next.origin !== site.origin) throw new Error(`${address} redirects to another site, ${next.origin}`);
    if (hops === MAX_REDIRECTS) throw new Error(`${address} redirects more than ${MAX_REDIRECTS} times`);
    url = next;
  }
}

/** Runs `work` over `items`, a few at a time. */
async function inParallel(items, work) {
  const queue = [...items];
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, async () => {
    while (queue.length > 0) await work(queue.shift());
  }));
}

async function verify(site, manifest, manifestText) {
  const differences = [];
  const referenced = new Set();
  const checkedPages = new Set();
  let inlineCount = 0;

  for (const page of manifest.pages) {
    const { url, response } = await fetchFrom(site, page, "identity");
    if (checkedPages.has(url.pathname)) {
      await response.body?.cancel();
      continue;
    }
    checkedPages.add(url.pathname);
    if (response.status !== 200) {
      differences.push(`${url.pathname}: answered ${response.status}, not the tip line`);
      await response.body?.cancel();
      continue;
    }
    const problem = policyProblem(response.headers.get("content-security-policy"), manifest.inlineScripts);
    if (problem) differences.push(`${url.pathname}: ${problem}`);
    const found = readPage(await response.text());
    for (const script of found.inlineScripts) {
      inlineCount++;
      if (!manifest.inlineScripts.includes(cspHash(script))) differences.push(`${url.pathname}: an inline script this build does not have, ${cspHash(script)}: ${preview(script)}`);
    }
    for (const style of found.inlineStyles) {
      if (!manifest.inlineStyles.includes(cspHash(style))) differences.push(`${url.pathname}: an inline style sheet this build does not have, ${cspHash(style)}: ${preview(style)}`);
    }
    for (const { id, content } of found.dataScripts) {
      if (!manifest.dataScripts.includes(id)) {
        differences.push(`${url.pathname}: a script element this build does not have (${id === undefined ? "no id" : `id "${id}"`}): ${preview(content)}`);
        continue;
      }
      try {
        addressesIn(JSON.parse(content), found.files);
      } catch {
        differences.push(`${url.pathname}: the data block "${id}" is not JSON: ${preview(content)}`);
      }
    }
    for (const element of found.foreign) differences.push(`${url.pathname}: an element this build never puts on the tip line, ${preview(element)}`);
    for (const address of found.files) {
      const target = new URL(address, url);
      if (target.origin !== site.origin) differences.push(`${url.pathname}: names a file on another site, ${target.href}`);
      else if (!(target.pathname in manifest.files)) differences.push(`${url.pathname}: names a file this build does not have, ${target.pathname}`);
      else referenced.add(target.pathname);
    }
  }

  const expected = { ...manifest.files, "/tips-manifest.json": hex(manifestText) };
  await inParallel(Object.keys(expected), async (address) => {
    for (const encoding of ENCODINGS) {
      const { response } = await fetchFrom(site, address, encoding);
      if (response.status !== 200) {
        differences.push(`${address}: missing (the site answered ${response.status} for ${encoding})`);
        await response.body?.cancel();
        return;
      }
      const served = hex(new Uint8Array(await response.arrayBuffer()));
      if (served !== expected[address]) {
        differences.push(`${address}: changed (${encoding}): this build's SHA-256 is ${expected[address]}, the site's ${served}`);
        return;
      }
    }
  });
  return { differences, pages: [...checkedPages], files: Object.keys(expected).length, referenced: referenced.size, inlineCount };
}

const argument = process.argv[2];
if (!argument || !URL.canParse(argument) || !/^https?:$/.test(new URL(argument).protocol)) {
  console.error(USAGE);
  process.exit(2);
}
const site = new URL(new URL(argument).origin);

const manifestPath = path.join(buildDir, "client/tips-manifest.json");
let manifestText;
try {
  manifestText = readFileSync(manifestPath);
} catch {
  console.error(`No ${manifestPath}: build this commit first (npm ci && npx react-router build).`);
  process.exit(2);
}
const manifest = JSON.parse(manifestText.toString("utf8"));

let result;
try {
  result = await verify(site, manifest, manifestText);
} catch (error) {
  console.error(`Could not check ${site.origin}: ${error instanceof Error ? (error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message) : String(error)}`);
  process.exit(2);
}
const { differences, pages, files, referenced, inlineCount } = result;
const checked = `${pages.join(", ")}: ${files} files (${referenced} named by the pages), each as ${ENCODINGS.join(", ")}; ${inlineCount} inline scripts; the Content-Security-Policy`;
if (differences.length === 0) {
  console.log(`${site.origin} sends the tip line exactly what this build has.\nChecked ${checked}.`);
} else {
  console.log(`${site.origin} differs from this build in ${differences.length} ${differences.length === 1 ? "place" : "places"}:`);
  for (const difference of differences.sort()) console.log(`  - ${difference}`);
  console.log(`Checked ${checked}.`);
  process.exitCode = 1;
}

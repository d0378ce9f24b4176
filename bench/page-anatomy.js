/**
 * What a reader page's HTML is made of, byte by byte (issue 41's page weight): run against a
 * running server, `node bench/page-anatomy.js http://localhost:3000 / /article/<slug> …`.
 * The parts overlap (a class attribute inside the header counts in both); "markup without style"
 * is the page less its inline <style>. Sizes are deterministic: no load average needed.
 */
import { brotliCompressSync, constants } from "node:zlib";

const [origin = "http://localhost:3000", ...paths] = process.argv.slice(2);

const kb = (bytes) => (bytes / 1024).toFixed(1);
const brotli = (text) => brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const bytes = (text) => Buffer.byteLength(text);
const sum = (html, pattern) => [...html.matchAll(pattern)].reduce((total, [match]) => total + bytes(match), 0);

function anatomy(html) {
  const head = /<head>.*?<\/head>/s.exec(html)?.[0] ?? "";
  const style = sum(html, /<style[^>]*>.*?<\/style>/gs);
  return {
    total: bytes(html),
    brotli: brotli(html),
    "inline style": style,
    "markup without style": bytes(html) - style,
    "head less style": bytes(head) - style,
    "class attributes": sum(html, / class="[^"]*"/g),
    "data-props": sum(html, / data-props="[^"]*"/g),
    "island wrappers (less props)": sum(html, /<(?:div|span) class="contents" data-island="[^"]*" data-island-id="[^"]*"/g),
    "JSON-LD": sum(html, /<script type="application\/ld\+json"[^>]*>.*?<\/script>/gs),
    "other inline scripts": sum(html, /<script(?! type="application\/ld\+json")[^>]*>.*?<\/script>/gs),
    "inline svg": sum(html, /<svg.*?<\/svg>/gs),
    "header": sum(html, /<header[^>]*>.*?<\/header>/gs),
    "footer (last)": bytes(/<footer(?:(?!<footer).)*<\/footer>\s*(?:<\/div>)*\s*(?:<script|<\/body)/s.exec(html)?.[0] ?? ""),
    "nav": sum(html, /<nav[^>]*>.*?<\/nav>/gs),
    "link tags": sum(html, /<link[^>]*>/g),
    "meta tags": sum(html, /<meta[^>]*>/g),
    "srcset/sizes attributes": sum(html, / (?:srcset|sizes|imagesrcset|imagesizes)="[^"]*"/gi),
    "picture elements": sum(html, /<picture[^>]*>.*?<\/picture>/gs),
  };
}

for (const path of paths) {
  const response = await fetch(origin + path);
  const html = await response.text();
  const parts = anatomy(html);
  console.log(`\n${path} (${response.status})`);
  for (const [name, size] of Object.entries(parts)) console.log(`  ${name.padEnd(30)} ${kb(size).padStart(6)} KB`);
  if (process.env.CLASSES) {
    const counts = new Map();
    for (const [, list] of html.matchAll(/ class="([^"]*)"/g)) for (const name of list.split(/\s+/)) counts.set(name, (counts.get(name) ?? 0) + 1);
    const top = [...counts].map(([name, count]) => [name, count, count * (name.length + 1)]).sort((a, b) => b[2] - a[2]).slice(0, 40);
    for (const [name, count, total] of top) console.log(`    ${name.padEnd(40)} ×${String(count).padStart(4)} ${total}`);
  }
}

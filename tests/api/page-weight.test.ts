/**
 * What a reader's phone downloads: the scripts a public page loads up front must not carry code
 * that only forms or the back office need (DESIGN: the editor and admin code never load on public
 * pages). Sizes are measured by `npm run bench`, not asserted here.
 */
import { describe, expect, it } from "vitest";
import { baseUrl, call } from "./client";

async function scriptsOf(path: string): Promise<Map<string, string>> {
  const html = await (await fetch(baseUrl() + path)).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  const scripts = new Map<string, string>();
  for (const url of urls) scripts.set(url, await (await fetch(baseUrl() + url)).text());
  return scripts;
}

describe("scripts of public pages", () => {
  it("load neither zod, nor the rich-text editor, nor server code", async () => {
    const list = await call("/api/news?limit=1");
    const paths = ["/", "/news", `/article/${encodeURIComponent(list.body.articles[0]?.slug ?? "none")}`, "/login"];
    for (const path of paths) {
      const scripts = await scriptsOf(path);
      expect(scripts.size, path).toBeGreaterThan(0);
      for (const [url, code] of scripts) {
        expect(code, `${path} ${url}`).not.toMatch(/ZodError|\$ZodType/);
        expect(code, `${path} ${url}`).not.toMatch(/prosemirror|@tiptap/i);
        expect(code, `${path} ${url}`).not.toMatch(/drizzle|sanitize-html|pglite/i);
      }
    }
  });
});

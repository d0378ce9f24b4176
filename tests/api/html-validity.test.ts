/**
 * The server-rendered reader pages are valid HTML (html-validate's recommended rules, see
 * tests/support/html-validate-config.ts), in both languages, with the demo content: every kind of
 * page a reader reaches, including a story with its comments and the page for a missing one.
 */
import { HtmlValidate } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { htmlValidateConfig } from "../support/html-validate-config";

let server: RunningServer;
const validator = new HtmlValidate(htmlValidateConfig);

beforeAll(async () => {
  server = await startServer({ DEMO_CONTENT: "true" });
});
afterAll(async () => {
  await server?.stop();
});

async function pagesToCheck(): Promise<string[]> {
  const get = async (path: string) => (await fetch(server.baseUrl + path)).json();
  const { articles } = await get("/api/news?limit=1");
  const [tag] = await get("/api/tags");
  const [writer] = await get("/api/writers");
  const story = `/article/${encodeURIComponent(articles[0].slug)}`;
  const pages = [
    "/",
    "/news",
    "/news?page=2",
    "/category/politics",
    `/tag/${tag.slug}`,
    `/writer/${writer.id}`,
    story,
    "/search?q=audit",
    "/search",
    "/about",
    "/contact",
    "/support",
    "/corrections",
    "/tips",
    "/login",
    "/password-reset",
    "/password-reset?token=x",
    "/newsletter",
    "/newsletter/confirm?token=x",
    "/newsletter/manage?token=x",
    "/newsletter/unsubscribe?token=x",
    "/no-such-page",
  ];
  return [...pages, ...pages.map((path) => `/ne${path === "/" ? "" : path}`)];
}

describe("reader pages", () => {
  it("are valid HTML in both languages", async () => {
    const pages = await pagesToCheck();
    const invalid: Record<string, string[]> = {};
    for (const path of pages) {
      const res = await fetch(server.baseUrl + path);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      const report = await validator.validateString(await res.text(), path);
      const findings = report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId} ${m.message} at ${m.selector ?? `${m.line}:${m.column}`}`));
      if (findings.length > 0) invalid[path] = findings;
    }
    expect(invalid).toEqual({});
  });
});

/**
 * GET /api/news in an edition (`?edition=ne|en`): each story once, in the edition's language where
 * it has it, the other version otherwise (the default EDITION_MODE, `fallback`); without the
 * parameter, every published version as SPEC 7 lists them. Services' own tests cover own-language.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./client";
import { createArticle, createWriter } from "./fixtures";

let writerId: number;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  writerId = (await createWriter()).id;
  const stamp = Date.now();
  const aEn = await createArticle({ writer_id: writerId, title: `Helicopter lease ${stamp}`, published_at: "2026-01-01T00:00:00Z" });
  const aNe = await createArticle({
    writer_id: writerId,
    title: `हेलिकप्टर भाडा ${stamp}`,
    translation_id: aEn.id,
    published_at: "2026-01-02T00:00:00Z",
  });
  const bNe = await createArticle({ writer_id: writerId, title: `बाढी राहत ${stamp}`, published_at: "2026-01-03T00:00:00Z" });
  Object.assign(slugs, { aEn: aEn.slug, aNe: aNe.slug, bNe: bNe.slug });
});

async function listed(query: string) {
  const res = await call(`/api/news?writer=${writerId}&${query}`);
  expect(res.status).toBe(200);
  return { slugs: res.body.articles.map((a: { slug: string }) => a.slug), total: res.body.total };
}

describe("GET /api/news?edition=", () => {
  it("lists a translated story once, in the edition's language, and an untranslated one in its own", async () => {
    expect(await listed("edition=ne")).toEqual({ slugs: [slugs.bNe, slugs.aNe], total: 2 });
    expect(await listed("edition=en")).toEqual({ slugs: [slugs.bNe, slugs.aEn], total: 2 });
  });

  it("marks each version with its language, which a client shows as the label", async () => {
    const res = await call(`/api/news?writer=${writerId}&edition=en`);
    expect(res.body.articles.map((a: { language: string }) => a.language)).toEqual(["ne", "en"]);
  });

  it("without an edition (or with an unknown one) lists every version, as the spec's clients expect", async () => {
    const every = { slugs: [slugs.bNe, slugs.aNe, slugs.aEn], total: 3 };
    expect(await listed("")).toEqual(every);
    expect(await listed("edition=fr")).toEqual(every);
  });

  it("filters by language, alone or with a search", async () => {
    expect(await listed("language=en")).toEqual({ slugs: [slugs.aEn], total: 1 });
    expect(await listed("language=ne&search=हेलिकप्टर")).toEqual({ slugs: [slugs.aNe], total: 1 });
  });

  it("a search in an edition finds the story once", async () => {
    expect(await listed("edition=ne&search=Helicopter OR हेलिकप्टर")).toEqual({ slugs: [slugs.aNe], total: 1 });
  });
});

/**
 * The per-language keys come from LANGUAGES alone: with a third language in the list, the shared
 * schemas take and hand on its texts, the API's shape has its key, and a form reads it back,
 * with no other change.
 */
import { describe, expect, it, vi } from "vitest";

vi.mock("./limits", async (original) => ({ ...(await original<typeof import("./limits")>()), LANGUAGES: ["ne", "en", "mai"] }));

const { categoryInputSchema, writerInputSchema } = await import("./schemas");
const { keyedByLanguage, fromKeys, storedTexts } = await import("./language-texts");
const { inLanguage } = await import("./bilingual");

/** Texts with the mocked third language, which the compiled type of LANGUAGES does not know. */
const withMaithili = (texts: Record<string, string>) => texts as import("./language-texts").LanguageTexts;

describe("texts by language, with a third language in LANGUAGES", () => {
  it("the schemas take its key and hand its text on, leaving out the languages not sent", () => {
    const parsed = categoryInputSchema.parse({ name_mai: " राजनीति ", description_en: "Parliament." });
    expect(parsed.names).toEqual({ mai: "राजनीति" });
    expect(parsed.descriptions).toEqual({ en: "Parliament." });
    expect(writerInputSchema.parse({ name_mai: "सुष्मा", email: "s@example.com", bio_mai: "" }).bios).toEqual({ mai: "" });
  });

  it("a name in it alone is a name", () => {
    expect(categoryInputSchema.safeParse({ name_mai: "राजनीति" }).success).toBe(true);
    expect(categoryInputSchema.safeParse({ name_mai: " ", name_en: "" }).success).toBe(false);
  });

  it("clients read one key per language, and forms read them back", () => {
    const keys = keyedByLanguage("name", withMaithili({ en: "Politics", mai: "राजनीति" }));
    expect(keys).toEqual({ name_ne: null, name_en: "Politics", name_mai: "राजनीति" });
    expect(fromKeys("name", keys)).toEqual({ name_ne: "", name_en: "Politics", name_mai: "राजनीति" });
  });

  it("stores only the languages with a text, and falls back through the list", () => {
    expect(storedTexts(withMaithili({ en: "", mai: "राजनीति" }))).toEqual({ mai: "राजनीति" });
    expect(inLanguage(withMaithili({ mai: "राजनीति" }), "ne")).toBe("राजनीति");
    expect(inLanguage(withMaithili({ en: "Politics", mai: "राजनीति" }), "ne")).toBe("Politics");
  });
});

import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

describe("EDITION_MODE", () => {
  it("defaults to fallback: an edition shows a story it lacks in the other language", () => {
    expect(readConfig({}).editionMode).toBe("fallback");
    expect(readConfig({ EDITION_MODE: "" }).editionMode).toBe("fallback");
  });

  it("takes own-language, and refuses anything else by name at start-up", () => {
    expect(readConfig({ EDITION_MODE: "own-language" }).editionMode).toBe("own-language");
    expect(() => readConfig({ EDITION_MODE: "nepali" })).toThrow('EDITION_MODE must be "own-language" or "fallback", not "nepali"');
  });
});

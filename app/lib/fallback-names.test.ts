import { describe, expect, it } from "vitest";
import { categoryNameIn, writerNameIn } from "./fallback-names";
import { en } from "./messages";
import { ne } from "./messages.ne";

const catalogs = { en, ne };

describe("names of a missing writer or category", () => {
  it("are the page's own words when the writer or category is gone", () => {
    const orphan = { writer_name: null, category_name: null };
    expect(writerNameIn(catalogs.ne, orphan)).toBe("अज्ञात लेखक");
    expect(categoryNameIn(catalogs.ne, orphan)).toBe("अवर्गीकृत");
    expect(writerNameIn(catalogs.en, orphan)).toBe("Unknown Author");
    expect(categoryNameIn(catalogs.en, orphan)).toBe("Uncategorized");
  });

  it("are the stored names otherwise, in any language", () => {
    const article = { writer_name: "Sita Sharma", category_name: "राजनीति" };
    expect(writerNameIn(catalogs.ne, article)).toBe("Sita Sharma");
    expect(categoryNameIn(catalogs.en, article)).toBe("राजनीति");
  });
});

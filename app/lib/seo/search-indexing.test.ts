import { describe, expect, it } from "vitest";
import { canonicalSearchQuery, searchResultsListable } from "./search-indexing";

const found = { total: 12, page: 1, asTyped: true };

describe("which search results pages search engines may list", () => {
  it("lists the first page of plain words found as typed, in either script", () => {
    expect(searchResultsListable({ ...found, query: "budget audit" })).toBe(true);
    expect(searchResultsListable({ ...found, query: "भ्रष्टाचार अनुसन्धान" })).toBe(true);
    expect(searchResultsListable({ ...found, query: "  covid  2021 " })).toBe(true);
  });

  it("keeps out a page without results, a later page and results found by look-alikes", () => {
    expect(searchResultsListable({ ...found, query: "budget", total: 0 })).toBe(false);
    expect(searchResultsListable({ ...found, query: "budget", page: 2 })).toBe(false);
    expect(searchResultsListable({ ...found, query: "budgte", asTyped: false })).toBe(false);
    expect(searchResultsListable({ ...found, query: "" })).toBe(false);
  });

  it("keeps out queries whose operators let them carry words no story has", () => {
    for (const query of ["budget or the editor lies", "budget OR lies", "Or budget", "budget -audit", '"budget audit"', "budget, lies!", "budget: <b>x</b>"]) {
      expect(searchResultsListable({ ...found, query }), query).toBe(false);
    }
    expect(searchResultsListable({ ...found, query: "order origin" })).toBe(true);
  });

  it("names a listed page by its words one space apart", () => {
    expect(canonicalSearchQuery("  budget \t audit  ")).toBe("budget audit");
  });
});

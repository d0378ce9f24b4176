import { describe, expect, it } from "vitest";
import { EXCERPT_LENGTH, excerpt, htmlToText, readTimeMinutes, shortenExcerpt } from "./text";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("readTimeMinutes", () => {
  it("is the word count divided by 200, rounded up", () => {
    expect(readTimeMinutes(`<p>${words(1)}</p>`)).toBe(1);
    expect(readTimeMinutes(`<p>${words(200)}</p>`)).toBe(1);
    expect(readTimeMinutes(`<p>${words(201)}</p>`)).toBe(2);
    expect(readTimeMinutes(`<p>${words(1000)}</p>`)).toBe(5);
  });

  it("counts words, not tags", () => {
    expect(readTimeMinutes(`<h2>${words(150)}</h2><p><strong>${words(100)}</strong></p>`)).toBe(2);
    expect(readTimeMinutes("")).toBe(0);
  });
});

describe("htmlToText", () => {
  it("strips tags, decodes entities and collapses whitespace", () => {
    expect(htmlToText("<p>Tom &amp; Jerry&nbsp;&lt;3</p>\n<p>&#2344;&#x0947;</p>")).toBe("Tom & Jerry <3 ने");
  });
});

describe("excerpt", () => {
  it("returns short texts whole", () => {
    expect(excerpt("<p>Short text.</p>")).toBe("Short text.");
  });

  it("cuts at a word boundary within the limit and adds an ellipsis", () => {
    const result = excerpt(`<p>${words(100)}</p>`, 160);
    expect(result.endsWith("…")).toBe(true);
    expect(Array.from(result).length).toBeLessThanOrEqual(161);
    expect(result.slice(0, -1)).toMatch(/word\d+$/);
  });

  it("does not leave the punctuation of the cut before the ellipsis", () => {
    expect(excerpt("<p>One two three. Four five six.</p>", 19)).toBe("One two three…");
    expect(excerpt("<p>नेपाल सरकार। नयाँ नियम आयो</p>", 16)).toBe("नेपाल सरकार…");
  });

  it("counts Devanagari by characters, not bytes", () => {
    const nepali = "नेपाल ".repeat(40);
    expect(Array.from(excerpt(nepali, 120)).length).toBeLessThanOrEqual(121);
  });
});

describe("shortenExcerpt", () => {
  const long = excerpt(`<p>${words(100)}</p>`);

  it("cuts a 160-character excerpt down to 150 and 120 at a word boundary", () => {
    for (const length of [EXCERPT_LENGTH.category, EXCERPT_LENGTH.allNews]) {
      const result = shortenExcerpt(long, length);
      expect(Array.from(result).length).toBeLessThanOrEqual(length + 1);
      expect(result).toMatch(/word\d+…$/);
      expect(long.startsWith(result.slice(0, -1))).toBe(true);
    }
  });

  it("leaves a short excerpt alone, and keeps the ellipsis of one that was already cut", () => {
    expect(shortenExcerpt("Short text.", 150)).toBe("Short text.");
    expect(shortenExcerpt("Cut earlier…", 150)).toBe("Cut earlier…");
  });

  it("does not treat the text as HTML", () => {
    expect(shortenExcerpt("Tom &amp; Jerry <3", 150)).toBe("Tom &amp; Jerry <3");
  });

  it("counts Devanagari by characters", () => {
    const nepali = excerpt("नेपाल ".repeat(60));
    expect(Array.from(shortenExcerpt(nepali, 120)).length).toBeLessThanOrEqual(121);
  });
});

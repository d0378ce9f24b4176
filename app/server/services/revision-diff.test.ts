import { describe, expect, it } from "vitest";
import { readableDiff, readableText } from "./revision-diff";

describe("readableDiff", () => {
  it("marks whole words, and reads back as either text", () => {
    const before = "Draft amendment would give offices more time to answer requests";
    const after = "Edited amendment would give offices less time to answer";
    const parts = readableDiff(before, after);
    expect(parts.filter((p) => p.change !== "added").map((p) => p.text).join("")).toBe(before);
    expect(parts.filter((p) => p.change !== "removed").map((p) => p.text).join("")).toBe(after);
    for (const part of parts.filter((p) => p.change !== "same")) expect(part.text.trim()).toMatch(/^(Draft|Edited|more|less|requests)$/);
  });

  it("compares Nepali text word by word", () => {
    const parts = readableDiff("वडा कार्यालयले ५ लाख खर्च गर्‍यो", "वडा कार्यालयले ५० लाख खर्च गर्‍यो");
    expect(parts.filter((p) => p.change === "removed").map((p) => p.text)).toEqual(["५"]);
    expect(parts.filter((p) => p.change === "added").map((p) => p.text)).toEqual(["५०"]);
  });
});

describe("readableText", () => {
  it("keeps paragraphs apart and drops the markup", () => {
    expect(readableText("<h2>Lead</h2><p>One <strong>two</strong>.</p><ul><li>Three</li></ul>")).toBe("Lead\n\nOne two.\n\nThree");
  });
});

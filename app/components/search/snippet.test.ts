import { describe, expect, it } from "vitest";
import { isMarkedSnippet } from "./snippet";

describe("isMarkedSnippet", () => {
  it("accepts escaped text with <mark> highlights", () => {
    expect(isMarkedSnippet("the <mark>budget</mark> of 5 &lt; 6")).toBe(true);
    expect(isMarkedSnippet("<mark>नेपालको</mark> बजेट")).toBe(true);
  });

  it("refuses any other markup, an empty snippet and a missing one", () => {
    expect(isMarkedSnippet('<mark>x</mark><img src=x onerror="alert(1)">')).toBe(false);
    expect(isMarkedSnippet("<mark onclick=x>y</mark>")).toBe(false);
    expect(isMarkedSnippet("")).toBe(false);
    expect(isMarkedSnippet(undefined)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { pageCount, pageNumbers } from "./page-numbers";

describe("pageCount", () => {
  it("is at least one page, and rounds up", () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });
});

describe("pageNumbers", () => {
  it("lists every page when there are few", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the first, the last and the neighbours of the current page, with gaps", () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, "gap", 20]);
    expect(pageNumbers(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageNumbers(20, 20)).toEqual([1, "gap", 19, 20]);
  });

  it("shows a single left-out page instead of a gap", () => {
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    expect(pageNumbers(17, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
  });

  it("centres on the last page when the current one is out of range", () => {
    expect(pageNumbers(99, 6)).toEqual([1, "gap", 5, 6]);
  });
});

import { describe, expect, it } from "vitest";
import { livePageNumber, updatePath } from "./live-address";

describe("livePageNumber", () => {
  it("reads plain positive whole numbers only", () => {
    expect(livePageNumber("42")).toBe(42);
    for (const value of [null, "", "0", "07", "-3", "4.5", "1e3", "12abc", " 12", "9999999999999999"]) expect(livePageNumber(value)).toBeUndefined();
  });
});

describe("updatePath", () => {
  it("names the update in the query, for the server, and in the fragment, for the browser", () => {
    expect(updatePath("flood-koshi", 12)).toBe("/article/flood-koshi?update=12#update-12");
  });
});

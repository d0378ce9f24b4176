import { describe, expect, it } from "vitest";
import { outlineStyle } from "./page-outline";

describe("a finding's outline on its page's picture", () => {
  it("places the rect's points as shares of the page from its top-left corner", () => {
    // A4 portrait: a box 100 pt from the left, 200 pt from the top, 300 × 50 pt.
    expect(outlineStyle([100, 200, 400, 250], { width: 595, height: 842 })).toEqual({ left: "16.807%", top: "23.753%", width: "50.420%", height: "5.938%" });
  });

  it("keeps an area reaching past the page's edge within the picture", () => {
    expect(outlineStyle([-20, 800, 700, 900], { width: 600, height: 850 })).toEqual({ left: "0.000%", top: "94.118%", width: "100.000%", height: "5.882%" });
  });
});

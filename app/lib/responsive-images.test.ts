import { describe, expect, it } from "vitest";
import { srcSetFor, variantUrl, variantWidths } from "./responsive-images";

describe("responsive images", () => {
  it("names variants after the original", () => {
    expect(variantUrl("/uploads/ab12.jpg", 480)).toBe("/uploads/ab12-480w.jpg");
    expect(variantUrl("/uploads/demo-3-ff.png", 960)).toBe("/uploads/demo-3-ff-960w.png");
    expect(variantUrl("https://example.com/a.jpg", 480)).toBeNull();
  });

  it("only has variants smaller than the original", () => {
    expect(variantWidths(1200)).toEqual([480, 960]);
    expect(variantWidths(400)).toEqual([]);
  });

  it("builds srcset for our uploads of known width only", () => {
    expect(srcSetFor("/uploads/x.jpg", 1200)).toBe("/uploads/x-480w.jpg 480w, /uploads/x-960w.jpg 960w, /uploads/x.jpg 1200w");
    expect(srcSetFor("/uploads/x.jpg", null)).toBeUndefined();
    expect(srcSetFor("/uploads/x.mp4", 1200)).toBeUndefined();
    expect(srcSetFor("https://example.com/x.jpg", 1200)).toBeUndefined();
    expect(srcSetFor("/uploads/small.jpg", 300)).toBeUndefined();
  });

  it("points every width at the media base when uploads live elsewhere", () => {
    expect(srcSetFor("/uploads/x.jpg", 1000, "https://cdn.example/m")).toBe(
      "https://cdn.example/m/x-480w.jpg 480w, https://cdn.example/m/x-960w.jpg 960w, https://cdn.example/m/x.jpg 1000w",
    );
  });
});

import { describe, expect, it } from "vitest";
import { modernSrcSet, srcSetFor, variantUrl, variantWidths, widthsFor } from "./responsive-images";

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

  it("offers a slot of fixed width no candidate wider than the first that covers it on a screen of 3 pixels per point", () => {
    expect(widthsFor([240, 480, 960, 1440], 160)).toEqual([240, 480]);
    expect(widthsFor([240, 480, 960, 1440], 96)).toEqual([240, 480]);
    expect(widthsFor([240, 480, 960, 1440], undefined)).toEqual([240, 480, 960, 1440]);
    expect(widthsFor([240, 400], 160)).toEqual([240, 400]);
    expect(srcSetFor("/uploads/x.jpg", 1200, undefined, 160)).toBe("/uploads/x-480w.jpg 480w");
    expect(srcSetFor("/uploads/x.jpg", 400, undefined, 160)).toBeUndefined();
    expect(modernSrcSet("/uploads/x.jpg", [240, 480, 960, 1200], "avif", undefined, 160)).toBe("/uploads/x-240w.avif 240w, /uploads/x-480w.avif 480w");
  });
});

import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { en } from "~/lib/messages";
import { FeaturedReport } from "./FeaturedReport";

// The loader turns a failed featured query into { status: "failed" }; no browser can cause that
// failure from outside, so the block's two empty states are checked where they are drawn.
describe("FeaturedReport", () => {
  it("says the featured article failed to load, as an alert", () => {
    const html = renderToString(<FeaturedReport featured={{ status: "failed" }} />);
    expect(html).toContain(en.featuredFailed);
    expect(html).toContain('role="alert"');
  });

  it("says there is no featured article", () => {
    const html = renderToString(<FeaturedReport featured={{ status: "none" }} />);
    expect(html).toContain(en.featuredNone);
    expect(html).not.toContain(en.featuredFailed);
  });
});

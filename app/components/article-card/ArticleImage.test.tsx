import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleImage } from "./ArticleImage";

// The dark theme draws the placeholder inverted by this mark (styles/site.css); a browser test
// checks what the reader sees when a picture fails, this one the story that has none.
describe("ArticleImage", () => {
  it("marks the placeholder of a story without a picture", () => {
    const html = renderToString(<ArticleImage src={null} width={800} height={450} />);
    expect(html).toMatch(/<img [^>]*src="\/placeholder\.jpg"[^>]*data-placeholder=""/);
  });

  it("does not mark a story's own picture", () => {
    const html = renderToString(<ArticleImage src="/uploads/2026/11/bridge.jpg" srcWidth={1200} variants={[480, 960]} width={800} height={450} />);
    expect(html).toContain('src="/uploads/2026/11/bridge.jpg"');
    expect(html).not.toContain("data-placeholder");
  });
});

import { describe, expect, it } from "vitest";
import { LOCAL_MEDIA_BASE, publicMediaHtml, publicMediaUrl } from "./media-url";

const CDN = "https://media.example.org/khulasa";

describe("publicMediaUrl", () => {
  it("puts an upload under the media base, and leaves any other address alone", () => {
    expect(publicMediaUrl("/uploads/abc-480w.jpg", CDN)).toBe("https://media.example.org/khulasa/abc-480w.jpg");
    expect(publicMediaUrl("/uploads/abc.jpg", LOCAL_MEDIA_BASE)).toBe("/uploads/abc.jpg");
    expect(publicMediaUrl("https://elsewhere.example/uploads/x.jpg", CDN)).toBe("https://elsewhere.example/uploads/x.jpg");
    expect(publicMediaUrl("/placeholder.jpg", CDN)).toBe("/placeholder.jpg");
  });
});

describe("publicMediaHtml", () => {
  it("rewrites our uploads in media tags, in either quote style, and nothing else", () => {
    const html =
      '<p>See /uploads/a.jpg</p><img src="/uploads/a.jpg" alt="a"><video poster=\'/uploads/p.jpg\' src="/uploads/v.mp4"></video><a href="/uploads/d.pdf">d</a><img src="https://x.example/uploads/b.jpg">';
    expect(publicMediaHtml(html, CDN)).toBe(
      `<p>See /uploads/a.jpg</p><img src="${CDN}/a.jpg" alt="a"><video poster='${CDN}/p.jpg' src="${CDN}/v.mp4"></video><a href="/uploads/d.pdf">d</a><img src="https://x.example/uploads/b.jpg">`,
    );
  });

  it("changes nothing when the site serves its own uploads", () => {
    const html = '<img src="/uploads/a.jpg">';
    expect(publicMediaHtml(html, LOCAL_MEDIA_BASE)).toBe(html);
  });
});

import { describe, expect, it } from "vitest";
import { rewriteUploadSources } from "./upload-paths";

describe("rewriteUploadSources", () => {
  it("rewrites image sources that begin /Uploads/", () => {
    expect(rewriteUploadSources('<p>a</p><img src="/Uploads/2023/x.jpg" alt="x">')).toBe(
      '<p>a</p><img src="/uploads/2023/x.jpg" alt="x">',
    );
    expect(rewriteUploadSources("<img alt='y' src='/Uploads/y.png'>")).toBe("<img alt='y' src='/uploads/y.png'>");
  });

  it("rewrites every image, video and poster in the body", () => {
    const html = '<img src="/Uploads/a.jpg"><video poster="/Uploads/p.jpg" src="/Uploads/v.mp4"></video>';
    expect(rewriteUploadSources(html)).toBe('<img src="/uploads/a.jpg"><video poster="/uploads/p.jpg" src="/uploads/v.mp4"></video>');
  });

  it("leaves other sources and plain text alone", () => {
    const html =
      '<img src="/uploads/a.jpg"><img src="https://example.com/Uploads/b.jpg"><p>Files live in /Uploads/ on the old site</p><a href="/Uploads/c.pdf">c</a>';
    expect(rewriteUploadSources(html)).toBe(html);
  });
});

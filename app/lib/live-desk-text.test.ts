import { describe, expect, it } from "vitest";
import { editableBody, keyPointsHtml, keyPointsLines, updateBodyHtml } from "./live-desk-text";

describe("the live desk's text", () => {
  it("makes paragraphs of blank-line-separated text, escapes what was typed, and puts the picture after the words", () => {
    const html = updateBodyHtml("Polls closed at 5 <pm>.\nCounting starts at 8.\n\n  Turnout: 61% & rising  ", { url: "/uploads/a.jpg", caption: "Queue in \"Jhapa\"" });
    expect(html).toBe(
      '<p>Polls closed at 5 &lt;pm&gt;.<br>Counting starts at 8.</p><p>Turnout: 61% &amp; rising</p><figure><img src="/uploads/a.jpg" alt=""><figcaption>Queue in &quot;Jhapa&quot;</figcaption></figure>',
    );
  });

  it("reads a stored body back as the text typed and the pictures kept", () => {
    const stored = '<p>Polls closed at 5 &lt;pm&gt;.<br />Counting starts at 8.</p><p>Turnout: 61% &amp; rising</p><figure><img src="/uploads/a.jpg" alt="" /></figure>';
    expect(editableBody(stored)).toEqual({
      text: "Polls closed at 5 <pm>.\nCounting starts at 8.\n\nTurnout: 61% & rising",
      pictures: '<figure><img src="/uploads/a.jpg" alt="" /></figure>',
    });
  });

  it("writes key points as a list, one a line, and reads them back", () => {
    expect(keyPointsHtml("  Gates open\n\nSunsari evacuating <now>\n")).toBe("<ul><li>Gates open</li><li>Sunsari evacuating &lt;now&gt;</li></ul>");
    expect(keyPointsHtml(" \n")).toBe("");
    expect(keyPointsLines("<ul><li>Gates open</li><li>Sunsari evacuating &lt;now&gt;</li></ul>")).toBe("Gates open\nSunsari evacuating <now>");
  });
});

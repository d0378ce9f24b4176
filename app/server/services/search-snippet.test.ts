import { describe, expect, it } from "vitest";
import { bodyTextOf, lexemesOf, snippetHtml } from "./search-snippet";

describe("bodyTextOf", () => {
  it("keeps the text of the HTML in NFC, without tags or control characters", () => {
    expect(bodyTextOf("<p>Cafe\u0301 &amp; <b>bar</b>&#2;</p>")).toBe("Café & bar");
  });
});

describe("lexemesOf", () => {
  it("reads the words of a tsquery's text, leaving out the negated ones", () => {
    expect(lexemesOf("'procur' | 'procurement' & !'budget'")).toEqual(["procur", "procurement"]);
    expect(lexemesOf("'nepal''s' | 'नेपाल'")).toEqual(["nepal's", "नेपाल"]);
    expect(lexemesOf(null)).toEqual([]);
  });
});

describe("snippetHtml", () => {
  const body =
    "The district office paid contractors in advance. The audit lists payments to Himal Traders without receipts. Nobody at the office answered our questions about the payments, and the contractor said the work had been finished in time.";

  it("quotes about 25 words from a little before the first match, every match in <mark>, with … where the body goes on", () => {
    const snippet = snippetHtml(body, ["payment", "payments"]);
    expect(snippet).toBe(
      "…contractors in advance. The audit lists <mark>payments</mark> to Himal Traders without receipts. Nobody at the office answered our questions about the <mark>payments</mark>, and the contractor…",
    );
  });

  it("starts at the beginning when only the title matched, and ends without … when the body does", () => {
    expect(snippetHtml("Short body, nothing matches.", ["ledger"])).toBe("Short body, nothing matches.");
    expect(snippetHtml(body, ["finished"]).endsWith("had been <mark>finished</mark> in time.")).toBe(true);
  });

  it("finds a match deep in a long body, and a word that only begins like a lexeme elsewhere does not stop the search", () => {
    const long = `${"words before it ".repeat(400)}ledgerkeeping is old, the ledger was forged ${"and words after ".repeat(400)}`;
    expect(snippetHtml(long, ["ledger"])).toBe(
      "…before it ledgerkeeping is old, the <mark>ledger</mark> was forged and words after and words after and words after and words after and words after and…",
    );
    expect(snippetHtml(`one two three ${"filler ".repeat(30)}`, ["nothing"])).toBe(`one two three ${"filler ".repeat(21)}filler…`);
  });

  it("cuts the same snippet from a long body however the first match is written or placed", () => {
    const before = "words before it ".repeat(300);
    // The first match in capitals, deep in the body; a later one in lower case.
    expect(snippetHtml(`${before}LEDGERS were burnt, then the ledger ${"after ".repeat(40)}`, ["ledger"])).toBe(
      "…words before it words before it <mark>LEDGERS</mark> were burnt, then the <mark>ledger</mark> after after after after after after after after after after after after after…",
    );
    // Among the last words of the body: the snippet ends with the body and begins earlier.
    expect(snippetHtml(`${before}the ledger was forged.`, ["ledger"])).toBe(
      "…words before it words before it words before it words before it words before it words before it words before it the <mark>ledger</mark> was forged.",
    );
    // A word that matches only once its joiner is removed, before a plainer match further on.
    expect(snippetHtml(`${before}गर्\u200Dयो ${before}गर्यो`, ["गर्यो"])).toContain("<mark>गर्\u200Dयो</mark>");
    expect(snippetHtml(`${before}काठमाडौँको ${before}काठमाडौंको`, ["काठमाडौंको"])).toContain("<mark>काठमाडौँको</mark>");
  });

  it("marks words by their stems with short endings, not every word that begins alike", () => {
    expect(snippetHtml("procurement rules and procure", ["procur"])).toBe("<mark>procurement</mark> rules and <mark>procure</mark>");
    expect(snippetHtml("नेपालको पहाडी भेगमा", ["नेपाल"])).toBe("<mark>नेपालको</mark> पहाडी भेगमा");
    expect(snippetHtml("an article about the arts", ["art"])).toBe("an article about the arts");
  });

  it("escapes everything the article says, including text that looks like HTML", () => {
    expect(snippetHtml(`Payments <script>alert("x")</script> & more`, ["payments"])).toBe(
      "<mark>Payments</mark> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more",
    );
  });

  it("quotes the article's own joiners and chandrabindu, which the search folded away", () => {
    expect(snippetHtml("आयोगले मुद्दा दायर गर्\u200Dयो। काठमाडौँको बजार", ["गर्यो", "काठमाडौंको"])).toBe(
      "आयोगले मुद्दा दायर <mark>गर्\u200Dयो</mark>। <mark>काठमाडौँको</mark> बजार",
    );
  });
});

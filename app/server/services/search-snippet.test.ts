import { describe, expect, it } from "vitest";
import { bodyTextOf, snippetHtml } from "./search-snippet";

// What ts_headline returns with HEADLINE_OPTIONS: a piece of the folded body, matches between U+0002 and U+0003.
const mark = (word: string) => `\u0002${word}\u0003`;

describe("bodyTextOf", () => {
  it("keeps the text of the HTML in NFC, without tags or control characters", () => {
    expect(bodyTextOf("<p>Cafe\u0301 &amp; <b>bar</b>&#2;</p>")).toBe("Café & bar");
  });
});

describe("snippetHtml", () => {
  it("wraps the matches in <mark> and marks where the body goes on", () => {
    const body = "The audit lists payments to Himal Traders without receipts. Nobody answered.";
    expect(snippetHtml(`lists ${mark("payments")} to Himal Traders`, body)).toBe("…lists <mark>payments</mark> to Himal Traders…");
    expect(snippetHtml(`The audit lists ${mark("payments")}`, body)).toBe("The audit lists <mark>payments</mark>…");
    expect(snippetHtml(`receipts. ${mark("Nobody")} answered.`, body)).toBe("…receipts. <mark>Nobody</mark> answered.");
  });

  it("escapes everything the article says, including text that looks like HTML", () => {
    // ts_headline read the "<" as a space (article-search feeds it one); the snippet quotes the article.
    const body = `Payments <script>alert("x")</script> & more`;
    expect(snippetHtml(`${mark("Payments")}  script>alert("x") /script> & more`, body)).toBe(
      "<mark>Payments</mark> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more",
    );
  });

  it("quotes the article's own joiners and chandrabindu, which the search folded away", () => {
    const body = "आयोगले मुद्दा दायर गर्\u200Dयो। काठमाडौँको बजार";
    expect(snippetHtml(`दायर ${mark("गर्यो")}। ${mark("काठमाडौंको")} बजार`, body)).toBe(
      "…दायर <mark>गर्\u200Dयो</mark>। <mark>काठमाडौँको</mark> बजार",
    );
  });

  it("falls back to ts_headline's own words, escaped, when they are not a piece of the body", () => {
    expect(snippetHtml(`a ${mark("b")} & c`, "something else")).toBe("a <mark>b</mark> &amp; c");
  });
});

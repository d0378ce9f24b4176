import { describe, expect, it } from "vitest";
import { preetiToUnicode } from "./preeti";

/** Each pair: the keys a Preeti typist presses for a word, and the word in Unicode. */
function expectWords(pairs: ReadonlyArray<readonly [string, string]>) {
  for (const [preeti, unicode] of pairs) expect(preetiToUnicode(preeti), preeti).toBe(unicode);
}

describe("preetiToUnicode", () => {
  it("maps plain letters and vowel signs", () => {
    expectWords([
      ["g]kfn", "नेपाल"],
      [";/sf/", "सरकार"],
      ["x'G5", "हुन्छ"],
      ["ef/t", "भारत"],
      ["d'Vo", "मुख्य"],
      ["of]Uo", "योग्य"],
    ]);
  });

  it("moves the short i after the consonant or cluster it was typed before", () => {
    expectWords([
      ["ljsf;", "विकास"],
      ["gful/s", "नागरिक"],
      ["l:ylt", "स्थिति"],
      ["lqe'jg", "त्रिभुवन"],
      ["a'l4", "बुद्धि"],
      ["P]ltxfl;s", "ऐतिहासिक"],
      ["lrXg", "चिह्न"],
      // Typed before the half letter, as drawn, or after it: both give the same word.
      ["dlGb/", "मन्दिर"],
      ["dGlb/", "मन्दिर"],
      ["klZrd", "पश्चिम"],
      ["kZlrd", "पश्चिम"],
    ]);
  });

  it("moves the reph before the syllable it was typed after", () => {
    expectWords([
      ["wd{", "धर्म"],
      ["sfo{qmd", "कार्यक्रम"],
      ["bL3{", "दीर्घ"],
      ["pmhf{", "ऊर्जा"],
      ["sLlt{k'/", "कीर्तिपुर"],
      // The reph after the u sign or before it.
      ["ug'{xf]:", "गर्नुहोस्"],
      ["ug{'xf]:", "गर्नुहोस्"],
      ["k\"j{", "पूर्व"],
      ["O{Zj/", "ईश्वर"],
      // र typed with an explicit halanta is already in Unicode order and stays where it is.
      ["sf/\\o", "कार्य"],
    ]);
  });

  it("completes half letters with the ā stroke", () => {
    expectWords([
      ["efiff", "भाषा"],
      ["lzIff", "शिक्षा"],
      ["If]q", "क्षेत्र"],
      ["sf/0f", "कारण"],
      ["C0f", "ऋण"],
      [";Dk\"0f{", "सम्पूर्ण"],
      ["cf}iflw", "औषधि"],
      ["s[lif", "कृषि"],
    ]);
  });

  it("joins half letters into conjuncts", () => {
    expectWords([
      ["k|wfgdGqL", "प्रधानमन्त्री"],
      ["cWoIf", "अध्यक्ष"],
      [":jf:Yo", "स्वास्थ्य"],
      ["zAb", "शब्द"],
      ["pTkfbg", "उत्पादन"],
      ["pRr", "उच्च"],
      ["nHhf", "लज्जा"],
      ["Jo~hg", "व्यञ्जन"],
    ]);
  });

  it("has the conjunct keys", () => {
    expectWords([
      ["1fg", "ज्ञान"],
      ["a'4", "बुद्ध"],
      [">LdtL", "श्रीमती"],
      ["pQ/", "उत्तर"],
      ["ljBfno", "विद्यालय"],
      ["eQm", "भक्त"],
      ["zlQm", "शक्ति"],
      ["rqm", "चक्र"],
    ]);
  });

  it("draws फ, झ and ऊ with the hook, before or after the vowel sign", () => {
    expectWords([
      ["km\"n", "फूल"],
      ["k\"mn", "फूल"],
      ["k|mfG;", "फ्रान्स"],
      ["emG8f", "झन्डा"],
      ["em/gf", "झरना"],
    ]);
  });

  it("builds independent vowels from several glyphs", () => {
    expectWords([
      ["cfdf", "आमा"],
      ["cf]vtL", "ओखती"],
      ["cf}Bf]lus", "औद्योगिक"],
      ["O{d]n", "ईमेल"],
      ["P]g", "ऐन"],
      ["pmg", "ऊन"],
    ]);
  });

  it("keeps chandrabindu, anusvara, visarga and halanta", () => {
    expectWords([
      ["sf7df8f}+", "काठमाडौं"],
      ["rfFbL", "चाँदी"],
      ["?k}ofF", "रुपैयाँ"],
      ["b'Mv", "दुःख"],
      ["jfª\\do", "वाङ्मय"],
      [";Djt\\", "सम्वत्"],
    ]);
  });

  it("has the glyphs typed with Alt codes", () => {
    expectWords([
      ["lj£g", "विघ्न"],
      ["/fi6«", "राष्ट्र"],
      ["uËf", "गङ्गा"],
      ["åf/f", "द्वारा"],
      ["Åbo", "हृदय"],
      ["k§L", "पट्टी"],
      [";8Þs", "सड़क"],
      ["ç", "ॐ"],
    ]);
  });

  it("converts digits and punctuation", () => {
    expect(preetiToUnicode("!@#$%^&*()")).toBe("१२३४५६७८९०");
    expect(preetiToUnicode("¿= !))")).toBe("रू. १००");
    expect(preetiToUnicode("-sf7df8f}+_ s] 5 <")).toBe("(काठमाडौं) के छ ?");
  });

  it("converts whole sentences and keeps spaces and line breaks", () => {
    expect(preetiToUnicode("g]kfnsf] /fhwfgL sf7df8f}+ xf] .")).toBe("नेपालको राजधानी काठमाडौं हो ।");
    expect(preetiToUnicode("@)*# ;fn d+l;/ ^ ut]")).toBe("२०८३ साल मंसिर ६ गते");
    expect(preetiToUnicode("k|wfgdGqLn] ;+;b\\df ef]6 lbg'eof] .\n\ng]kfn ;'Gb/ 5 .")).toBe(
      "प्रधानमन्त्रीले संसद्मा भोट दिनुभयो ।\n\nनेपाल सुन्दर छ ।",
    );
  });
});

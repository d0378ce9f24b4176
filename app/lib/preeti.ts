/**
 * "Paste from Preeti": converts text typed in the legacy Preeti font to Unicode Devanagari.
 *
 * Preeti text is ASCII and Windows-1252 keystrokes that the font draws as Devanagari glyphs, in the
 * order the glyphs sit on the page. Written from the Preeti keyboard layout in two steps:
 * 1. every key (or one of the few two-key glyphs) becomes its Unicode letters;
 * 2. what the font composes visually is rewritten in Unicode's logical order: half forms completed
 *    by the ā stroke, vowels built from several glyphs, the short i typed before its consonant,
 *    the reph typed after its syllable.
 */

/** Marks the reph key until it moves, so that it is never mistaken for a typed र + halant. */
const REPH = "\uE000";

const KEYS: Readonly<Record<string, string>> = {
  // Letters. Capitals are mostly half forms; a half form followed by the ā stroke 'f' is the full
  // letter, which is how Preeti types the letters that have no key of their own (ष = 'if', ण = '0f').
  a: "ब", A: "ब्", b: "द", B: "द्य", c: "अ", C: "ऋ", d: "म", D: "म्", e: "भ", E: "भ्",
  g: "न", G: "न्", h: "ज", H: "ज्", i: "ष्", I: "क्ष्", j: "व", J: "व्", k: "प", K: "प्",
  n: "ल", N: "ल्", o: "य", O: "इ", p: "उ", P: "ए", q: "त्र", Q: "त्त", r: "च", R: "च्",
  s: "क", S: "क्", t: "त", T: "त्", u: "ग", U: "ग्", v: "ख", V: "ख्", w: "ध", W: "ध्",
  x: "ह", X: "ह्", y: "थ", Y: "थ्", z: "श", Z: "श्",
  "`": "ञ", "~": "ञ्", "1": "ज्ञ", "2": "द्द", "3": "घ", "4": "द्ध", "5": "छ", "6": "ट",
  "7": "ठ", "8": "ड", "9": "ढ", "0": "ण्", ";": "स", ":": "स्", "/": "र", "?": "रु", ">": "श्र",
  // Vowel signs and marks.
  f: "ा", l: "ि", L: "ी", "'": "ु", '"': "ू", "[": "ृ", "]": "े", "}": "ै",
  "+": "ं", F: "ँ", M: "ः", "\\": "्", "|": "्र", "{": REPH,
  // Digits and punctuation.
  ")": "०", "!": "१", "@": "२", "#": "३", $: "४", "%": "५", "^": "६", "&": "७", "*": "८", "(": "९",
  ".": "।", "=": ".", "-": "(", _: ")", "<": "?",
  // Glyphs typed with Alt codes (Windows-1252).
  "¡": "ज्ञ्", "¢": "द्घ", "£": "घ्", "§": "ट्ट", ª: "ङ", "«": "्र", "°": "ड्ढ", "´": "झ",
  "¶": "ठ्ठ", "¿": "रू", Å: "हृ", Ë: "ङ्ग", Í: "ङ्क", Î: "ङ्ख", Ø: "्य", Ý: "ट्ठ", Þ: "़",
  ß: "द्म", å: "द्व", ç: "ॐ", "ˆ": "फ्", "‰": "झ्", "•": "ड्ड", "„": "ध्र", "‹": "ङ्घ",
  "›": "द्र", "˜": "ऽ",
};

/** 'm' draws a hook on the glyph before it: प + hook = फ, भ + hook = झ, उ + hook = ऊ. */
const HOOKED: Readonly<Record<string, string>> = { km: "फ", em: "झ", pm: "ऊ", Qm: "क्त", qm: "क्र" };
/** Typists add the hook after the vowel sign or ra below as often as before it (फु = "km'" or "k'm"). */
const HOOK_AFTER_SIGNS = /([kepQq])(['"[\]}|+F]+)m/g;

/** Glyph pairs that Unicode writes as one letter. Order matters: आ must exist before ओ and औ. */
const COMPOSED: ReadonlyArray<readonly [string, string]> = [
  ["्ा", ""],
  ["अा", "आ"],
  ["आे", "ओ"],
  ["आै", "औ"],
  ["ाे", "ो"],
  ["ाै", "ौ"],
  ["एे", "ऐ"],
  ["इ" + REPH, "ई"],
];

/** A consonant cluster: half consonants, a full one, an optional nukta and ra or ya below. */
const CLUSTER = "(?:[क-ह]़?्)*[क-ह]़?(?:्[रय])?";
/** The short i is drawn, and typed, before the whole cluster it follows in speech. */
const SHORT_I_BEFORE_CLUSTER = new RegExp(`ि(${CLUSTER})`, "g");
/** The reph is drawn above the end of its syllable and typed after it, vowel signs included. */
const SYLLABLE_BEFORE_REPH = new RegExp(`(${CLUSTER}[ािीुूृेैोौंँ]*)${REPH}`, "g");

function mapKeys(text: string): string {
  let unicode = "";
  for (let i = 0; i < text.length; i++) {
    const hooked = HOOKED[text.slice(i, i + 2)];
    if (hooked) {
      unicode += hooked;
      i++;
    } else {
      const key = text.charAt(i);
      unicode += KEYS[key] ?? key;
    }
  }
  return unicode;
}

export function preetiToUnicode(text: string): string {
  let unicode = mapKeys(text.replace(HOOK_AFTER_SIGNS, "$1m$2"));
  for (const [glyphs, letter] of COMPOSED) unicode = unicode.replaceAll(glyphs, letter);
  return unicode
    .replace(SHORT_I_BEFORE_CLUSTER, "$1ि")
    .replace(SYLLABLE_BEFORE_REPH, "र्$1")
    .replaceAll(REPH, "र्");
}

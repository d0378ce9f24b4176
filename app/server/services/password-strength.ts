/**
 * Refuses a new password that an attacker would guess early: a common or breached one, a word or a
 * name on its own, a keyboard row, a date, the person's own name or address. zxcvbn (@zxcvbn-ts)
 * estimates how many guesses it would take, against its common-password and English dictionaries.
 *
 * It runs here, on the server, only where a password is chosen (registration, a change): its
 * dictionaries (about 25 MB of heap) are loaded on the first such request and never reach a
 * browser. Signing in never asks: a password chosen before this rule keeps working.
 */
import type { TranslationKeys, ZxcvbnFactory } from "@zxcvbn-ts/core";
import type { MessageKey } from "~/lib/messages";
import { AppError } from "../errors";

/**
 * zxcvbn's score 3, "safely unguessable" (at least 10^8 guesses), is the least we accept. Our
 * hashes are slow (scrypt) and sign-ins are rate limited, so 3 holds out where it matters; 4 would
 * also refuse many good passphrases of two or three words.
 */
const MIN_SCORE = 3;

/**
 * Only the first 64 characters are judged: a worst-case password of the 1,000 allowed took
 * seconds of the request thread, and 64 judged characters at most a few tens of milliseconds
 * (docs/decisions.md). A weak start with more after it is still refused.
 */
const JUDGED_LENGTH = 64;
/** How many look-alike substitutions (a→@, o→0) are tried per word: beyond this, time, not strength, grows. */
const L33T_SUBSTITUTIONS = 20;

/** Words that would make a password personal to this site, whoever chooses it. */
const SITE_WORDS = ["khulasa", "खुलासा", "news", "newsroom", "admin"];

/** What each of zxcvbn's warnings tells the person, in their language; none: too easy to guess, in general. */
const REASONS: Record<keyof TranslationKeys["warnings"], MessageKey> = {
  topTen: "weakPasswordCommon",
  topHundred: "weakPasswordCommon",
  common: "weakPasswordCommon",
  pwned: "weakPasswordCommon",
  similarToCommon: "weakPasswordSimilar",
  wordByItself: "weakPasswordWords",
  namesByThemselves: "weakPasswordWords",
  commonNames: "weakPasswordWords",
  straightRow: "weakPasswordKeyboard",
  keyPattern: "weakPasswordKeyboard",
  simpleRepeat: "weakPasswordRepeats",
  extendedRepeat: "weakPasswordRepeats",
  sequences: "weakPasswordSequence",
  recentYears: "weakPasswordDates",
  dates: "weakPasswordDates",
  userInputs: "weakPasswordPersonal",
};

const isWarning = (warning: string | null): warning is keyof typeof REASONS => warning !== null && warning in REASONS;

let estimator: Promise<ZxcvbnFactory> | undefined;

function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: JUDGED_LENGTH,
      l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
    });
  })();
  return estimator;
}

const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * The words of a name and an e-mail address, apart and run together ("Sita Sharma" → sita, sharma,
 * sitasharma; "sita.sharma@example.com" → also example, com and the address's name).
 */
const wordsOf = (texts: string[]) =>
  texts
    .flatMap((text) => {
      const lower = text.toLowerCase();
      const [name = lower] = lower.split("@");
      return [...lower.split(SEPARATORS), name.split(SEPARATORS).join("")];
    })
    .filter((word) => word.length >= 3);

/**
 * Throws a 400 saying what makes `password` easy to guess, or returns. `personal` are the account's
 * name and e-mail address, which a password must not be built from.
 */
export async function assertStrongPassword(password: string, personal: string[]): Promise<void> {
  const { score, feedback } = (await strengthEstimator()).check(password.normalize("NFC"), [...new Set([...wordsOf(personal), ...SITE_WORDS])]);
  if (score >= MIN_SCORE) return;
  throw new AppError(400, isWarning(feedback.warning) ? REASONS[feedback.warning] : "weakPassword");
}

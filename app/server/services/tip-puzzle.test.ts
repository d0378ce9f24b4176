import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hasLeadingZeroBits, isSolution, searchNonce, searchNonceWithDigest } from "~/lib/tips/puzzle";
import { AppError } from "../errors";
import { PUZZLE_LIFETIME_MS, checkSolution, newPuzzle, spendingSolution } from "./tip-puzzle";

const key = randomBytes(32);
const BITS = 8;

function solved(now = new Date()) {
  const { challenge, difficulty } = newPuzzle(key, BITS, now);
  return { challenge, nonce: searchNonce(challenge, difficulty, 0, Number.MAX_SAFE_INTEGER)! };
}

/** The refusal `act` ends in: its status and the message's key. */
async function refusal(act: () => unknown): Promise<{ status: number; key: string }> {
  try {
    await act();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, key: error.key };
    throw error;
  }
  throw new Error("not refused");
}

describe("the tip line's proof of work", () => {
  it("counts leading zero bits across bytes", () => {
    expect(hasLeadingZeroBits(Uint8Array.of(0, 0x1f, 0xff), 11)).toBe(true);
    expect(hasLeadingZeroBits(Uint8Array.of(0, 0x1f, 0xff), 12)).toBe(false);
    expect(hasLeadingZeroBits(Uint8Array.of(0x80), 0)).toBe(true);
    expect(hasLeadingZeroBits(Uint8Array.of(0x40), 1)).toBe(true);
    expect(hasLeadingZeroBits(Uint8Array.of(0x40), 2)).toBe(false);
  });

  it("finds the same first nonce hashing in JavaScript and with WebCrypto", async () => {
    const { challenge } = newPuzzle(key, BITS);
    const nonce = searchNonce(challenge, BITS, 0, 1 << 20);
    expect(nonce).not.toBeNull();
    expect(await searchNonceWithDigest(challenge, BITS, 0, 1 << 20)).toBe(nonce);
    expect(await searchNonceWithDigest(challenge, BITS, 0, nonce!)).toBeNull();
  });

  it("issues challenges that, with their nonce, fit one SHA-256 block", () => {
    expect(new TextEncoder().encode(newPuzzle(key, 32).challenge).length + 8).toBeLessThanOrEqual(55);
  });

  it("opens one conversation with a solution, and refuses the same solution again", async () => {
    const solution = solved();
    expect(await spendingSolution(key, solution, async () => "opened")).toBe("opened");
    expect(await refusal(() => spendingSolution(key, solution, async () => "again"))).toEqual({ status: 403, key: "tipPuzzleInvalid" });
    expect(await refusal(() => checkSolution(key, solution))).toEqual({ status: 403, key: "tipPuzzleInvalid" });
  });

  it("gives the challenge back when the conversation it paid for was refused", async () => {
    const solution = solved();
    await expect(spendingSolution(key, solution, async () => Promise.reject(new AppError(409, "tipKeyChanged")))).rejects.toThrow();
    expect(await spendingSolution(key, solution, async () => "sent after all")).toBe("sent after all");
  });

  it("refuses a solution once its challenge has expired", async () => {
    const issued = new Date("2026-11-27T10:00:00Z");
    const solution = solved(issued);
    expect(() => checkSolution(key, solution, new Date(issued.getTime() + PUZZLE_LIFETIME_MS - 1000))).not.toThrow();
    expect(await refusal(() => checkSolution(key, solution, new Date(issued.getTime() + PUZZLE_LIFETIME_MS + 1000)))).toEqual({ status: 403, key: "tipPuzzleInvalid" });
  });

  it("refuses a wrong nonce, a challenge made under another key, and one whose difficulty was lowered", async () => {
    const { challenge, nonce } = solved();
    let wrong = 0;
    while (isSolution(challenge, BITS, wrong)) wrong++;
    expect(await refusal(() => checkSolution(key, { challenge, nonce: wrong }))).toEqual({ status: 403, key: "tipPuzzleInvalid" });
    expect(await refusal(() => checkSolution(randomBytes(32), { challenge, nonce }))).toEqual({ status: 403, key: "tipPuzzleInvalid" });
    const [expires, , random, mac] = challenge.split(".");
    const easier = `${expires}.1.${random}.${mac}`;
    expect(await refusal(() => checkSolution(key, { challenge: easier, nonce: searchNonce(easier, 1, 0, 1000)! }))).toEqual({ status: 403, key: "tipPuzzleInvalid" });
  });

  it("asks for a solution when there is none, or it is not one", async () => {
    for (const missing of [undefined, null, {}, { challenge: "x" }, { nonce: 1 }]) {
      expect(await refusal(() => checkSolution(key, missing))).toEqual({ status: 400, key: "tipPuzzleRequired" });
    }
  });
});

/**
 * What makes a new password too easy to guess, and what the person is told: zxcvbn's finding, in
 * our words. Passwords the tests and the demo use are not refused.
 */
import { describe, expect, it } from "vitest";
import type { MessageKey } from "~/lib/messages";
import { AppError } from "../errors";
import { assertStrongPassword } from "./password-strength";

const SITA = ["Sita Sharma", "sita.sharma@example.com"];

async function refusal(password: string, personal = SITA): Promise<MessageKey | null> {
  try {
    await assertStrongPassword(password, personal);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return error.key;
    throw error;
  }
}

describe("a new password", () => {
  it.each([
    ["password123", "weakPasswordCommon"],
    ["iloveyou", "weakPasswordCommon"],
    ["P@ssw0rd", "weakPasswordSimilar"],
    ["letmein2024", "weakPasswordSimilar"],
    ["basketball", "weakPasswordWords"],
    ["qwertyuiop", "weakPasswordCommon"],
    ["zxcvbnm,./", "weakPasswordKeyboard"],
    ["aaaaaaaaaaaa", "weakPasswordRepeats"],
    ["abcdefgh1234", "weakPasswordSequence"],
    ["johnson1990", "weakPasswordWords"],
    ["sitasharma1", "weakPasswordPersonal"],
    ["khulasa2081", "weakPasswordPersonal"],
    ["journalist1", "weakPassword"],
  ] as const)("%j is refused: %s", async (password, reason) => {
    expect(await refusal(password)).toBe(reason);
  });

  it.each(["reader-password-1", "newsroom-password-1", "tips-editor-password-1", "correct horse battery", "e2e-admin-password", "गोप्य-शब्द-भण्डार-१२३", "mahendra lalitpur dhulikhel"])(
    "%j is accepted",
    async (password) => {
      expect(await refusal(password, ["Test Reader", "reader-1-2-3@test.example"])).toBeNull();
    },
  );

  it("is judged on its first 64 characters: a weak start with more after it is still refused", async () => {
    expect(await refusal("password".repeat(125))).toBe("weakPasswordRepeats");
  });
});

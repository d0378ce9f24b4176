/**
 * The tip line's proof of work for a new conversation (issue 36, lib/tips/puzzle.ts). A challenge
 * is stateless: its expiry, difficulty and a random part, with a keyed hash over them under a
 * secret every instance shares, so that any instance can check it and nobody can make one. It is
 * good for one conversation: once a tip is sent with it, it is remembered as used until it
 * expires, in this process's memory only (nothing about a source is written down), so that one
 * solution cannot open a second conversation here. Instances do not share the memory: with N of
 * them a solution could be used N times, each a conversation of its own.
 *
 * The challenge is short on purpose: with its nonce it fits one SHA-256 block (55 bytes), so that
 * each try costs the source's phone one compression, not two.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type TipPuzzle, type TipPuzzleSolution, isSolution } from "~/lib/tips/puzzle";
import type { Executor } from "../db/connection";
import { AppError } from "../errors";
import { config } from "../platform/config";
import { sharedSecret } from "./shared-secrets";

/** Long enough to solve on a slow phone and upload five attachments over Tor before sending. */
export const PUZZLE_LIFETIME_MS = 60 * 60 * 1000;

const macOf = (key: Buffer, body: string) => createHmac("sha256", key).update(body).digest().subarray(0, 12).toString("base64url");

/** A new challenge of `difficulty` bits under `key`, good until `now` plus the lifetime. */
export function newPuzzle(key: Buffer, difficulty: number, now = new Date()): TipPuzzle {
  const expires = Math.ceil((now.getTime() + PUZZLE_LIFETIME_MS) / 1000);
  const body = `${expires.toString(36)}.${difficulty}.${randomBytes(9).toString("base64url")}`;
  return { challenge: `${body}.${macOf(key, body)}`, difficulty, expires_at: new Date(expires * 1000).toISOString() };
}

/** Challenges sent with a tip, each until it expires (ms since the epoch). */
const used = new Map<string, number>();

function forget(now: number): void {
  for (const [challenge, expires] of used) if (expires <= now) used.delete(challenge);
}

/**
 * The solution's challenge if it is one of ours, unexpired, unused and solved; else a 400 when
 * there is none, a 403 when it is wrong. Returns when it expires.
 */
export function checkSolution(key: Buffer, solution: unknown, now = new Date()): { challenge: string; expires: number } {
  if (solution === undefined || solution === null) throw new AppError(400, "tipPuzzleRequired");
  const { challenge, nonce } = solution as Partial<TipPuzzleSolution>;
  if (typeof challenge !== "string" || typeof nonce !== "number") throw new AppError(400, "tipPuzzleRequired");
  const [expiresText = "", difficultyText = "", random = "", mac = ""] = challenge.split(".");
  const body = `${expiresText}.${difficultyText}.${random}`;
  const expected = Buffer.from(macOf(key, body));
  const given = Buffer.from(mac);
  const expires = parseInt(expiresText, 36) * 1000;
  const valid =
    challenge.split(".").length === 4 &&
    given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    expires > now.getTime() &&
    !used.has(challenge) &&
    isSolution(challenge, Number(difficultyText), nonce);
  if (!valid) throw new AppError(403, "tipPuzzleInvalid");
  return { challenge, expires };
}

/**
 * Runs `open` (a new conversation) with the solution's challenge marked used, checked and marked
 * at once so that two requests cannot both spend it. A conversation that was refused (a key
 * changed, a part missing) gives the challenge back, for the source to send again with it.
 */
export async function spendingSolution<T>(key: Buffer, solution: unknown, open: () => Promise<T>, now = new Date()): Promise<T> {
  const { challenge, expires } = checkSolution(key, solution, now);
  forget(now.getTime());
  used.set(challenge, expires);
  try {
    return await open();
  } catch (error) {
    used.delete(challenge);
    throw error;
  }
}

/** The key challenges are made and checked with, the same on every instance of the site. */
export async function puzzleKey(db: Executor): Promise<Buffer> {
  return Buffer.from(await sharedSecret(db, "tip_puzzle_key"), "base64url");
}

/** GET /api/tips/puzzle: a challenge at the configured difficulty. */
export async function issuePuzzle(db: Executor, now = new Date()): Promise<TipPuzzle> {
  return newPuzzle(await puzzleKey(db), config().tipPuzzleBits, now);
}

/**
 * An authenticator app's codes, as a test computes them with otplib: the codes a phone would show,
 * one none of them is, and a wait that keeps a test's codes inside one 30-second step.
 */
import { generate } from "otplib";

const STEP_MS = 30_000;

/**
 * Waits, when less than `marginMs` of the current step is left, for the next: every code a test
 * then types falls in one step of the server's clock. A browser journey needs a wider margin than
 * an HTTP test, as it types slower.
 */
export async function awayFromStepEdge(marginMs: number): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 500));
}

/** The app's code `steps` time steps from now (an app whose clock is a little behind or ahead). */
export const codeAt = (secret: string, steps = 0): Promise<string> => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A six-digit code that is none of the app's codes the server would accept now (the steps either side included). */
export async function wrongCode(secret: string): Promise<string> {
  const accepted = new Set(await Promise.all([-2, -1, 0, 1, 2].map((steps) => codeAt(secret, steps))));
  let candidate = Number(await codeAt(secret));
  do candidate = (candidate + 1) % 1_000_000;
  while (accepted.has(String(candidate).padStart(6, "0")));
  return String(candidate).padStart(6, "0");
}

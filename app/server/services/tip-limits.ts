/**
 * Whom a tip-line request counts against (http/tip-rate-limit.ts), now that it is not the
 * address: a conversation, or, before one exists, the solved puzzle that will open it.
 */
import type { Executor } from "../db/connection";
import { checkSolution, puzzleKey } from "./tip-puzzle";
import { tipByAccess } from "./tips";

/**
 * POST /api/tips/attachments: a returning source's conversation (`access_token`, which must open
 * one) or a new source's solved puzzle (`puzzle`, not yet spent: the tip that follows spends it).
 */
export async function attachmentOwner(db: Executor, body: { access_token?: unknown; puzzle?: unknown }): Promise<string> {
  if (body.access_token !== undefined) return `conversation:${(await tipByAccess(db, body.access_token)).id}`;
  return `puzzle:${checkSolution(await puzzleKey(db), body.puzzle).challenge}`;
}

/**
 * A page action's outcome for its form (the no-script path of a form the API also takes): the
 * service's result, or the message its refusal (a ZodError, an AppError) gives in the page's
 * language with the status the API would answer. Anything else goes on to React Router's 500.
 */
import { ZodError } from "zod";
import { type Locale, translate } from "~/lib/i18n";
import { firstMessage } from "~/lib/schemas";
import { AppError } from "../errors";

export type Outcome<T> = { ok: true; value: T; status: 200 } | { ok: false; error: string; status: number };

export async function pageOutcome<T>(locale: Locale, run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run(), status: 200 };
  } catch (error) {
    if (error instanceof ZodError) return { ok: false, error: translate(locale, firstMessage(error)), status: 400 };
    if (error instanceof AppError) return { ok: false, error: translate(locale, error.key, error.values), status: error.status };
    throw error;
  }
}

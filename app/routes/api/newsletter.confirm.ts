import { newsletterTokenSchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http/api";
import { confirmSubscription } from "~/server/newsletter/opt-in";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/newsletter.confirm";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/newsletter/confirm {token}: confirms the sign-up its message's link names (issue 40). */
  async POST({ request }) {
    const { token } = await readInput(request, newsletterTokenSchema);
    await confirmSubscription(await database(), token);
    return json({ confirmed: true });
  },
});

export const loader = handle;
export const action = handle;

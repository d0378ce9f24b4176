import { newsletterSchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { subscribe } from "~/server/services/newsletter";
import type { Route } from "./+types/newsletter";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/newsletter {email}: stores the subscription; the same answer whether it is new or not. */
  async POST({ request }) {
    const { email } = await readInput(request, newsletterSchema);
    await subscribe(await database(), email);
    return json({ subscribed: true }, 201);
  },
});

export const loader = handle;
export const action = handle;

import { newsletterSchema } from "~/lib/schemas";
import { json, readInput, requestLocale, resource } from "~/server/http/api";
import { requestInfoContext } from "~/server/http/request-context";
import { database } from "~/server/process/runtime";
import { startSignUp } from "~/server/newsletter/sign-up";
import type { Route } from "./+types/newsletter";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/newsletter {email, lists?, language?}: starts the double opt-in; the same answer whatever the address's state. */
  async POST({ request, context }) {
    const input = await readInput(request, newsletterSchema);
    await startSignUp(await database(), context.get(requestInfoContext).clientIp, input, requestLocale(request));
    return json({ subscribed: true }, 201);
  },
});

export const loader = handle;
export const action = handle;

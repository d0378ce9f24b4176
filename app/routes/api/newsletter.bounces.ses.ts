import { AppError } from "~/server/errors";
import { json, readBody, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { receiveSesNotification } from "~/server/newsletter/ses-bounces";
import type { Route } from "./+types/newsletter.bounces.ses";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const BODY_MAX = 256 * 1024;

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/newsletter/bounces/ses: Amazon SES's bounce and complaint reports through SNS (which
   * posts JSON as text/plain), believed only with SNS's valid signature: 200 {suppressed}; 403 otherwise.
   */
  async POST({ request }) {
    const text = new TextDecoder().decode(await readBody(request, BODY_MAX));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError(400, "invalidJson");
    }
    return json({ suppressed: await receiveSesNotification(await database(), body) });
  },
});

export const loader = handle;
export const action = handle;

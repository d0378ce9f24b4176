import { json, readBody, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { assertBounceSecret, receiveDsn } from "~/server/newsletter/dsn-bounces";
import type { Route } from "./+types/newsletter.bounces.dsn";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** A report that returns our whole message (an issue with its stories) stays well under this. */
const BODY_MAX = 2 * 1024 * 1024;

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/newsletter/bounces/dsn: one bounce message (RFC 3464), raw, as the outlet's mail
   * server received it, with HTTP Basic credentials whose password is NEWSLETTER_BOUNCE_SECRET:
   * 200 {suppressed}; 404 while no secret is configured, 401 without it, 400 for what is not a report.
   */
  async POST({ request }) {
    assertBounceSecret(request.headers.get("authorization"));
    return json({ suppressed: await receiveDsn(await database(), await readBody(request, BODY_MAX)) });
  },
});

export const loader = handle;
export const action = handle;

import { resource } from "~/server/http/api";
import { requestInfoContext } from "~/server/http/request-context";
import { readCounter } from "~/server/process/runtime";
import { readBeaconSchema } from "~/lib/schemas";
import type { Route } from "./+types/reads";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/reads?article_id={id}: a page's beacon that a story was read (issue 15). It reads no
   * cookie or session and keeps nothing of the reader (services/most-read.ts); 204 either way, so
   * the answer tells nobody whether the read was counted.
   */
  async POST({ request, context }) {
    const { article_id } = readBeaconSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    readCounter.count(article_id, context.get(requestInfoContext).clientIp, request.headers.get("user-agent"));
    return new Response(null, { status: 204 });
  },
});

export const loader = handle;
export const action = handle;

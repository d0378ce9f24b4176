import { json, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { config } from "~/server/platform/config";
import { database } from "~/server/process/runtime";
import { listTips } from "~/server/services/tips";
import { tipInboxQuerySchema } from "~/lib/schemas";
import type { Route } from "./+types/tips.inbox";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/tips/inbox?page=: the conversations, latest first, without their content. */
  async GET({ request }) {
    const { page } = tipInboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return json(await listTips(await database(), await currentActor(request), page, config().tipsRetentionDays));
  },
});

export const loader = handle;
export const action = handle;

import { json, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { config } from "~/server/process/config";
import { database } from "~/server/process/runtime";
import { listTips } from "~/server/services/tips";
import type { Route } from "./+types/tips.inbox";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/tips/inbox?page=: the conversations, latest first, without their content. */
  async GET({ request }) {
    const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page") ?? "1")) || 1);
    return json(await listTips(await database(), await currentActor(request), page, config().tipsRetentionDays));
  },
});

export const loader = handle;
export const action = handle;

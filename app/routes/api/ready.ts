import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { readiness } from "~/server/process/readiness";
import type { Route } from "./+types/ready";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** 200 when this instance can serve; 503 while its database is unreachable or behind this build's migrations. */
  async GET() {
    const state = await readiness(await database());
    return state.ready ? json({ status: "ready" }) : json({ status: "not_ready", reason: state.reason }, 503);
  },
});

export const loader = handle;
export const action = handle;

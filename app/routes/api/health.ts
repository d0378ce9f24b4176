import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/health";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** 200 once the database is open and migrated: load balancers use it to know the app can serve. */
  async GET() {
    await database();
    return json({ status: "ok" });
  },
});

export const loader = handle;
export const action = handle;

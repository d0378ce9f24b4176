import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/health";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.LoaderArgs>({
  /** 200 once the database is open and migrated: load balancers use it to know the app can serve. */
  async GET() {
    await database();
    return json({ status: "ok" });
  },
});

export const loader = handle;
export const action = handle;

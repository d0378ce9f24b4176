import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { tipSetup } from "~/server/services/tips";
import type { Route } from "./+types/tips.setup";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/tips/setup: the newsroom's public key (null when the tip line is not set up) and the limits. */
  async GET() {
    return json(await tipSetup(await database()));
  },
});

export const loader = handle;
export const action = handle;

import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { issuePuzzle } from "~/server/services/tip-puzzle";
import type { Route } from "./+types/tips.puzzle";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/tips/puzzle: a proof-of-work challenge, solved by the source's browser before a new tip. */
  async GET() {
    return json(await issuePuzzle(await database()));
  },
});

export const loader = handle;
export const action = handle;

import { json, readInput, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { requireCoverageEditor, setLiveCoverage } from "~/server/services/live-coverage";
import { liveCoverageSchema } from "~/lib/schemas";
import type { Route } from "./+types/news.$slug.live";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** PUT /api/news/{slug}/live {started_at?, ended_at?, key_points?} (whoever may edit the story): starts, ends, reopens, or changes its key points. */
  async PUT({ request, params }) {
    const db = await database();
    const actor = await requireCoverageEditor(db, await currentActor(request), params.slug);
    const input = await readInput(request, liveCoverageSchema);
    return json({ live: await setLiveCoverage(db, actor, params.slug, input) });
  },
});

export const loader = handle;
export const action = handle;

import { idParam, resource, succeeded } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { deleteTopic } from "~/server/newsletter/lists";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/newsletter.topics.$id";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** DELETE /api/newsletter/topics/{id} (editors): the topic list goes, with its subscriptions. */
  async DELETE({ request, params }) {
    await deleteTopic(await database(), await currentActor(request), idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;

import { newsletterTopicInputSchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { createTopic, listTopics } from "~/server/newsletter/lists";
import { requireAbility } from "~/server/services/actor";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/newsletter.topics";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/newsletter/topics (editors): the topic lists offered, with how many are on each. */
  async GET({ request }) {
    requireAbility(await currentActor(request), "manageSections");
    return json({ topics: await listTopics(await database()) });
  },
  /** POST /api/newsletter/topics {name_en?, name_ne?, slug?} (editors): offers a new topic list. */
  async POST({ request }) {
    const actor = await currentActor(request);
    requireAbility(actor, "manageSections");
    const input = await readInput(request, newsletterTopicInputSchema);
    return json({ topic: await createTopic(await database(), actor, input) }, 201);
  },
});

export const loader = handle;
export const action = handle;

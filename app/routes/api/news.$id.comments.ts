import { commentSchema } from "~/lib/schemas";
import { idParam, json, readInput, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { requireUser } from "~/server/services/actor";
import { listComments, postComment } from "~/server/services/comments";
import { readableArticleId } from "~/server/services/article-access";
import type { Route } from "./+types/news.$id.comments";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/news/{id}/comments: the article's approved comments. */
  async GET({ request, params }) {
    const actor = await currentActor(request);
    const db = await database();
    const articleId = await readableArticleId(db, actor, idParam(params.id));
    return json(await listComments(db, actor, { articleId }));
  },
  /** POST /api/news/{id}/comments {content}: a new comment, pending approval. */
  async POST({ request, params }) {
    // A guest is asked to sign in before being told anything about the comment.
    const actor = requireUser(await currentActor(request));
    const { content } = await readInput(request, commentSchema);
    return json(await postComment(await database(), actor, idParam(params.id), content), 201);
  },
});

export const loader = handle;
export const action = handle;

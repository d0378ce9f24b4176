import { newsletterSchema } from "~/lib/schemas";
import { api, json, methodNotAllowed, readInput } from "~/server/http";
import { database } from "~/server/runtime";
import { subscribe } from "~/server/services/newsletter";
import type { Route } from "./+types/newsletter";

/** Only POST: anything else gets a JSON 405 (not React Router's bare error for a missing loader). */
export const loader = async () => methodNotAllowed(["POST"]);

/** POST /api/newsletter {email}: stores the subscription; the same answer whether it is new or not. */
export const action = api(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { email } = await readInput(request, newsletterSchema);
  await subscribe(await database(), email);
  return json({ subscribed: true }, 201);
});

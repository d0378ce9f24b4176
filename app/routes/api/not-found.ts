import { messages } from "~/lib/messages";
import { json } from "~/server/http";

const notFound = async () => json({ error: messages.notFound }, 404);
export const loader = notFound;
export const action = notFound;

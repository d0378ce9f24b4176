import { errorJson, requestLocale } from "~/server/http/api";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const notFound = async ({ request }: { request: Request }) => errorJson(404, requestLocale(request), "notFound");
export const loader = notFound;
export const action = notFound;

import { errorJson, requestLocale } from "~/server/http/api";

const notFound = async ({ request }: { request: Request }) => errorJson(404, requestLocale(request), "notFound");
export const loader = notFound;
export const action = notFound;

import { redirect } from "react-router";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { localizedFor } from "~/server/http/page-locale";
import type { Route } from "./+types/to-dashboard";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** /admin and any unknown admin path lead to the dashboard (docs/product.md#dashboard), once the guard has passed. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOfficePage(request);
  throw redirect(localizedFor(request, "/admin/dashboard"));
}

export default function ToDashboard() {
  return null;
}

import { NewsletterTopics } from "~/components/admin/NewsletterTopics";
import { adminMeta } from "~/components/admin/admin-meta";
import { serverDataOr } from "~/components/admin/server-data-or";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { listTopics } from "~/server/newsletter/lists";
import type { Route } from "./+types/newsletter-topics";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** /admin/newsletter/topics (issue 40): the topic lists an editor offers readers. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOfficePage(request, "manageSections");
  return { topics: await readOrNull(listTopics) };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { topics: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.newsletterTopicsTitle);

export default function NewsletterTopicsPage({ loaderData }: Route.ComponentProps) {
  return <NewsletterTopics topics={loaderData.topics} />;
}

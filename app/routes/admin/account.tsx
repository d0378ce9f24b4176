import { ChangePasswordForm } from "~/components/admin/account/ChangePasswordForm";
import { SessionsList } from "~/components/admin/account/SessionsList";
import { adminMeta } from "~/components/admin/admin-meta";
import { serverDataOr } from "~/components/admin/server-data-or";
import { PageIntro } from "~/components/admin/table/AdminTable";
import { useMessages } from "~/components/i18n/i18n";
import type { Sharing } from "~/lib/sharing";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { listSessions } from "~/server/services/sessions";
import type { Route } from "./+types/account";

export const sharing: Sharing = "private";

/** The signed-in member's own account (issue 35): where they are signed in, and their password. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireBackOfficePage(request);
  return { sessions: await readOrNull((db) => listSessions(db, me)) };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { sessions: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminAccount);

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  return (
    <>
      <PageIntro title={messages.adminAccount} intro={messages.accountIntro} />
      <SessionsList sessions={loaderData.sessions} />
      <ChangePasswordForm />
    </>
  );
}

import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { UsersTable } from "~/components/admin/people/UsersTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { useMessages } from "~/contexts/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { listUsers } from "~/server/services/users";
import { serverDataOr } from "~/components/admin/server-data-or";
import type { Route } from "./+types/users";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** /admin/users (docs/product.md#users): every account, oldest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireBackOfficePage(request, "manageUsers");
  return { users: await readOrNull((db) => listUsers(db, admin)), currentUserId: admin.id };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { users: null, currentUserId: 0 });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminUsers);

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { users, currentUserId } = loaderData;
  return (
    <>
      <PageIntro title={messages.adminUsers} intro={messages.usersIntro} />
      {users === null ? <LoadFailed message={messages.usersFetchFailed} /> : <UsersTable users={users} currentUserId={currentUserId} />}
    </>
  );
}

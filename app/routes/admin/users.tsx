import { LoadFailed, PageIntro } from "~/components/admin/people/AdminTable";
import { UsersTable } from "~/components/admin/people/UsersTable";
import { messages } from "~/lib/messages";
import { requireAdminPage } from "~/server/admin-guard";
import { readOrNull } from "~/server/admin-read";
import { listUsers } from "~/server/services/users";
import type { Route } from "./+types/users";

/** SPEC 2 /admin/users: every account, oldest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  return { users: await readOrNull((db) => listUsers(db, admin)), currentUserId: admin.id };
}

export const meta: Route.MetaFunction = () => [{ title: `${messages.adminUsers} · ${messages.adminDashboardTitle}` }];

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { users, currentUserId } = loaderData;
  return (
    <>
      <PageIntro title={messages.adminUsers} intro={messages.usersIntro} />
      {users === null ? <LoadFailed message={messages.usersFetchFailed} /> : <UsersTable users={users} currentUserId={currentUserId} />}
    </>
  );
}

import { useState } from "react";
import { LoadFailed, PageIntro } from "~/components/admin/people/AdminTable";
import { WriterForm } from "~/components/admin/people/WriterForm";
import { WritersTable } from "~/components/admin/people/WritersTable";
import type { Writer } from "~/lib/api-types";
import { messages } from "~/lib/messages";
import { requireAdminPage } from "~/server/admin-guard";
import { readOrNull } from "~/server/admin-read";
import { listWriters } from "~/server/services/writers";
import type { Route } from "./+types/writers";

/** SPEC 2 /admin/writers: the add/edit form and the table of writers, by name. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { writers: await readOrNull(listWriters) };
}

export const meta: Route.MetaFunction = () => [{ title: `${messages.adminWriters} · ${messages.adminDashboardTitle}` }];

export default function WritersPage({ loaderData }: Route.ComponentProps) {
  const { writers } = loaderData;
  const [editing, setEditing] = useState<Writer | null>(null);

  return (
    <>
      <PageIntro title={messages.adminWriters} intro={messages.writersIntro} />
      {writers === null ? (
        <LoadFailed message={messages.writersFetchFailed} />
      ) : (
        <>
          {/* A new key is a fresh form: the add form again once an edit ends. */}
          <WriterForm key={editing?.id ?? "add"} editing={editing} onDone={() => setEditing(null)} />
          <WritersTable
            writers={writers}
            onEdit={setEditing}
            onDeleted={(writer) => {
              if (writer.id === editing?.id) setEditing(null);
            }}
          />
        </>
      )}
    </>
  );
}

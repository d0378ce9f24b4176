import { useState } from "react";
import { LoadFailed, PageIntro } from "~/components/admin/people/AdminTable";
import { WriterForm } from "~/components/admin/people/WriterForm";
import { WritersTable } from "~/components/admin/people/WritersTable";
import type { Writer } from "~/lib/api-types";
import { messages } from "~/lib/messages";
import { requireAdminPage } from "~/server/admin-guard";
import { database } from "~/server/runtime";
import { listWriters } from "~/server/services/writers";
import type { Route } from "./+types/writers";

/** SPEC 2 /admin/writers: the add/edit form and the table of writers, by name. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  try {
    return { writers: await listWriters(await database()) };
  } catch (error) {
    console.error(error);
    return { writers: null };
  }
}

export const meta: Route.MetaFunction = () => [{ title: `${messages.adminWriters} · ${messages.adminDashboardTitle}` }];

export default function WritersPage({ loaderData }: Route.ComponentProps) {
  const { writers } = loaderData;
  const [editing, setEditing] = useState<Writer | null>(null);
  // A new key empties the add form after a writer is created.
  const [formRound, setFormRound] = useState(0);

  function resetForm() {
    setEditing(null);
    setFormRound((round) => round + 1);
  }

  return (
    <>
      <PageIntro title={messages.adminWriters} intro={messages.writersIntro} />
      {writers === null ? (
        <LoadFailed message={messages.writersFetchFailed} />
      ) : (
        <>
          <WriterForm key={editing ? `edit-${editing.id}` : `add-${formRound}`} editing={editing} onSaved={resetForm} onCancel={resetForm} />
          <WritersTable
            writers={writers}
            onEdit={setEditing}
            onDeleted={(writer) => {
              if (writer.id === editing?.id) resetForm();
            }}
          />
        </>
      )}
    </>
  );
}

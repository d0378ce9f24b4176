import { FieldListForm } from "~/components/admin/FieldListForm";
import type { FieldValues, SubmitOutcome } from "~/components/admin/fields";
import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { type TaxonomyItem, type TaxonomyKind, validate } from "./kinds";
import { TaxonomyTable } from "./TaxonomyTable";

/** /admin/categories and /admin/tags are the same screen: add at the top, then the table. `items` null: the load failed. */
export function TaxonomyScreen({ kind, items }: { kind: TaxonomyKind; items: TaxonomyItem[] | null }) {
  const write = useAdminWrite();

  async function add(values: FieldValues): Promise<SubmitOutcome> {
    const checked = await validate(kind, values);
    if (!checked.ok) return { invalid: checked.message };
    return write(kind.endpoint, { method: "POST", json: checked.values }, { success: kind.texts.created, failure: kind.texts.createFailed });
  }

  return (
    <>
      <PageIntro title={kind.texts.title} intro={kind.texts.intro} />
      {items === null ? (
        <LoadFailed message={kind.texts.fetchFailed} />
      ) : (
        <>
          <FieldListForm heading={kind.texts.addHeading} fields={kind.fields} submitLabel={kind.texts.add} onSubmit={add} />
          <TaxonomyTable kind={kind} items={items} />
        </>
      )}
    </>
  );
}

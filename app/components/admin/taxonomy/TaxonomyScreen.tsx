import { LoadFailed, PageIntro } from "~/components/admin/people/AdminTable";
import type { TaxonomyItem, TaxonomyKind } from "./kinds";
import { TaxonomyAddForm } from "./TaxonomyAddForm";
import { TaxonomyTable } from "./TaxonomyTable";

/** /admin/categories and /admin/tags are the same screen: add at the top, then the table. `items` null: the load failed. */
export function TaxonomyScreen({ kind, items }: { kind: TaxonomyKind; items: TaxonomyItem[] | null }) {
  return (
    <>
      <PageIntro title={kind.texts.title} intro={kind.texts.intro} />
      {items === null ? (
        <LoadFailed message={kind.texts.fetchFailed} />
      ) : (
        <>
          <TaxonomyAddForm kind={kind} />
          <TaxonomyTable kind={kind} items={items} />
        </>
      )}
    </>
  );
}

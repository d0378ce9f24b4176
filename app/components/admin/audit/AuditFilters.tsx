import { useId } from "react";
import { Link } from "~/components/i18n/links";
import { useFilterSubmit } from "~/components/admin/table/use-filter-submit";
import { buttonClass, inputClass } from "~/components/admin/table/AdminTable";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import { AUDIT_ACTION_LABELS, AUDIT_OBJECT_LABELS } from "~/lib/audit-labels";
import { AUDIT_ACTIONS, AUDIT_OBJECTS } from "~/lib/limits";

const PATH = "/admin/audit";

export interface AuditFilterValues {
  actor: string;
  action: string;
  object: string;
  from: string;
  to: string;
}

/** The audit trail's filters: a plain GET form (use-filter-submit.ts). */
export function AuditFilters({ filters, people }: { filters: AuditFilterValues; people: { id: number; name: string }[] }) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const id = useId();
  const submit = useFilterSubmit(PATH);
  const filtered = Object.values(filters).some((value) => value !== "");

  const labelClass = "mb-1 block text-sm font-medium";
  const select = (name: keyof AuditFilterValues, label: string, any: string, options: { value: string; label: string }[]) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`${id}-${name}`} name={name} defaultValue={filters[name]} className={inputClass}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  const day = (name: "from" | "to", label: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <input id={`${id}-${name}`} name={name} type="date" defaultValue={filters[name]} className={inputClass} />
    </div>
  );

  return (
    <form
      method="get"
      action={localize(PATH)}
      role="search"
      aria-label={messages.adminAudit}
      onSubmit={submit}
      className="mt-6 grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3 lg:items-end xl:grid-cols-[repeat(5,minmax(8rem,1fr))_auto] dark:bg-neutral-900"
    >
      {select("actor", messages.auditPerson, messages.auditEveryone, people.map((person) => ({ value: String(person.id), label: person.name })))}
      {select("action", messages.auditWhat, messages.auditAnyAction, AUDIT_ACTIONS.map((action) => ({ value: action, label: messages[AUDIT_ACTION_LABELS[action]] })))}
      {select("object", messages.auditObject, messages.auditAnyObject, AUDIT_OBJECTS.map((object) => ({ value: object, label: messages[AUDIT_OBJECT_LABELS[object]] })))}
      {day("from", messages.auditFrom)}
      {day("to", messages.auditTo)}
      <div className="flex items-center gap-3">
        <button type="submit" className={`${buttonClass.primary} py-2`}>
          {messages.applyFilters}
        </button>
        {filtered ? (
          <Link to={PATH} className="text-sm font-medium text-brand underline-offset-2 hover:underline dark:text-red-400">
            {messages.clearFilters}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

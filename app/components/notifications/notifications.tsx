/**
 * The notifications of docs/product.md#messages-and-notifications. The list lives in this module, not in a React provider, so that every
 * island of a reader page (each its own React root) can raise one into the page's one list.
 */
import { useSyncExternalStore } from "react";

/** docs/product.md#messages-and-notifications: notifications auto-dismiss after 3 seconds; red for errors, green for success. */
const NOTIFICATION_MS = 3000;

export type NotificationKind = "success" | "error";
interface Notification {
  id: number;
  message: string;
  kind: NotificationKind;
}

type Notify = (message: string, kind?: NotificationKind) => void;

let items: Notification[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const NONE: Notification[] = [];

function publish(next: Notification[]) {
  items = next;
  for (const listener of listeners) listener();
}

const notify: Notify = (message, kind = "success") => {
  const id = (nextId += 1);
  publish([...items, { id, message, kind }]);
  setTimeout(() => publish(items.filter((item) => item.id !== id)), NOTIFICATION_MS);
};

/** Notifications that no list shows any more (its page or test is gone) are dropped. */
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) items = [];
  };
}

export function useNotify(): Notify {
  return notify;
}

/** Where notifications appear: once per page. */
export function Notifications() {
  const shown = useSyncExternalStore(subscribe, () => items, () => NONE);
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4" aria-live="polite" role="status">
      {shown.map((item) => (
        <p
          key={item.id}
          data-kind={item.kind}
          className={`pointer-events-auto max-w-md rounded-md px-4 py-3 text-sm font-medium text-white shadow-lg ${
            item.kind === "error" ? "bg-red-700" : "bg-green-700"
          }`}
        >
          {item.message}
        </p>
      ))}
    </div>
  );
}

/** Pages React Router hydrates whole (the back office) hold the list at their root. */
export function NotificationsProvider({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <Notifications />
    </>
  );
}

import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

/** SPEC 8: notifications auto-dismiss after 3 seconds; red for errors, green for success. */
export const NOTIFICATION_MS = 3000;

export type NotificationKind = "success" | "error";
interface Notification {
  id: number;
  message: string;
  kind: NotificationKind;
}

type Notify = (message: string, kind?: NotificationKind) => void;
const NotifyContext = createContext<Notify>(() => undefined);

export function useNotify(): Notify {
  return useContext(NotifyContext);
}

export function NotificationsProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<Notification[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const notify = useCallback<Notify>((message, kind = "success") => {
    const id = (nextId.current += 1);
    setItems((current) => [...current, { id, message, kind }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setItems((current) => current.filter((item) => item.id !== id));
    }, NOTIFICATION_MS);
    timers.current.add(timer);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4" aria-live="polite" role="status">
        {items.map((item) => (
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
    </NotifyContext.Provider>
  );
}

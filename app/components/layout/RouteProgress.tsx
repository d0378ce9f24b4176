import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useMessages } from "~/components/i18n/i18n";

/** SPEC 9: the route loading indicator shows for at least 500 ms once a navigation starts. */
export const ROUTE_SPINNER_MS = 500;

export function RouteProgress() {
  const messages = useMessages();
  const navigation = useNavigation();
  const busy = navigation.state === "loading";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (busy) {
      setVisible(true);
      return;
    }
    const timer = setTimeout(() => setVisible(false), ROUTE_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return (
    <div role="progressbar" aria-label={messages.loading} className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand/20">
      <div className="h-full w-1/3 animate-[route-progress_1s_ease-in-out_infinite] bg-brand motion-reduce:animate-none" />
    </div>
  );
}

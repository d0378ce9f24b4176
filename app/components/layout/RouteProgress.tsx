import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useMessages } from "~/contexts/i18n";
import { INDICATOR_CLASS, INDICATOR_RUNNER_CLASS, ROUTE_SPINNER_MS } from "~/islands/navigation";

/** The back office's route loading indicator (reader pages show islands/navigation.ts's). */
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
    <div role="progressbar" aria-label={messages.loading} className={INDICATOR_CLASS}>
      <div className={INDICATOR_RUNNER_CLASS} />
    </div>
  );
}

import { Notifications } from "~/components/notifications/notifications";
import { AuthDialog } from "~/components/session/session";
import { AdminAwayFromSite } from "./AdminAwayFromSite";

/**
 * One island per reader page for what belongs to the page rather than to a part of it: the
 * sign-in dialog any part may open, the notifications any part may raise, and the admin's
 * redirect to the back office.
 */
export function PageDialogs() {
  return (
    <>
      <AuthDialog />
      <Notifications />
      <AdminAwayFromSite />
    </>
  );
}

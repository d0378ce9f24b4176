import { requireAdminPage } from "~/server/admin-guard";
import type { Route } from "./+types/comments";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return null;
}

/** Placeholder: this screen is being built. */
export default function Page() {
  return <h1 className="text-2xl font-bold">comments</h1>;
}

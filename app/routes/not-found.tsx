import { data } from "react-router";

/** Any unknown path: the root error boundary renders 'Page Not Found' with HTTP status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

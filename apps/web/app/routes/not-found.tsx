/** Any address no page matches: the 404 page, with HTTP 404. */
import { data } from "react-router";

/** Any other path under a language: the 404 page, with HTTP 404. */
export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

/**
 * `POST /:lang/contactUs/send`: the contact page's action for the live form
 * (islands/contact-form.tsx), which sends with `fetch` and shows the outcome in place. The same
 * checks, limits and outbox as a post of the page (submit-contact.server.ts); the answer is the
 * action's result as JSON, with the same status.
 */
import { isLanguage } from "@site/contract/languages";
import { submitContact } from "../../../server/contact/submit-contact.server.ts";
import { visitorContext } from "../../../server/request-context.server.ts";
import { pageContext } from "../../../server/site-context.server.ts";
import type { Route } from "./+types/send";

/** A GET of the form's address (a link, a crawler): this address takes posts only. */
export function loader() {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: "POST", "Cache-Control": "no-store" },
  });
}

export async function action(args: Route.ActionArgs) {
  if (!isLanguage(args.params.lang)) return new Response("Not Found", { status: 404 });
  const { contact, lang } = pageContext(args);
  const answer = await submitContact(args.request, lang, args.context.get(visitorContext), contact);
  return Response.json(answer.data, {
    status: answer.init?.status ?? 200,
    headers: { "Cache-Control": "no-store" },
  });
}

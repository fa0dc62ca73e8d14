/**
 * An item's page lives at the item's id as the API writes it. Asked for under another spelling
 * the API still answers with that item (`/en/news/0301` for story 301), the page redirects
 * there: the item has one page in every cache, and a purge of its content reaches it. Ids are
 * otherwise taken as they are spelt (`0301` may be a string id of its own, item-id.ts). The
 * target is built from the page table and the API's answer, never from the request's text.
 */
import { isAddressableId } from "@site/contract/item-id";
import { redirect } from "react-router";
import { href, pageAddress } from "../../app/shared/page-table.ts";

/** Throws the redirect to the item's own address when `url` spells its id otherwise. */
export function redirectToOwnId(url: URL, id: string | number): void {
  const address = pageAddress(url.pathname);
  const own = String(id);
  if (address?.id === undefined || own === address.id || !isAddressableId(id)) return;
  throw redirect(href(address.page, address.lang, own), 301);
}

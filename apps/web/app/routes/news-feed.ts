/**
 * `/{lang}/news/feed.xml`: the Atom feed of the language's news (server/feeds/news-feed.server.ts),
 * linked from every page's head. Kept by the page cache like a page, as long as its data.
 */

import { isLanguage } from "@site/contract/languages";
import { companyIn } from "../../server/company.server.ts";
import { atomFeed, latestNews } from "../../server/feeds/news-feed.server.ts";
import { lastingRedirect } from "../../server/http/lasting-redirect.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { i18nFor } from "../i18n/index.ts";
import { feedPath, fileInSupportedLanguage } from "../shared/page-table.ts";
import type { Route } from "./+types/news-feed";

export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.params;
  if (!isLanguage(lang)) throw lastingRedirect(fileInSupportedLanguage(lang, feedPath));
  const { api, settings, company } = pageContext(args);
  const name = companyIn(lang, company).name;
  const stories = await latestNews(api, lang);
  const xml = atomFeed({
    lang,
    siteUrl: settings.SITE_URL,
    title: i18nFor(lang).t("feed.title", { name }),
    author: name,
    stories,
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Content-Language": lang },
  });
}

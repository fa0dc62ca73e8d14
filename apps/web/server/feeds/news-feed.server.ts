/**
 * The Atom feed of a language's news (RFC 4287, issue 24): the latest 20 stories with title,
 * summary (tags stripped), link, id and updated date; the feed links itself (`rel=self`), its
 * news page, and the other language's feed (`rel=alternate`).
 */
import type { Language, Payload } from "@site/contract";
import { languages } from "@site/contract/languages";
import { feedPath, href } from "../../app/shared/page-table.ts";
import { stripTags, timestampOf } from "../../app/shared/text.ts";
import type { ContentClient } from "../content/api-client.server.ts";
import { escapeXml } from "../escape-xml.ts";

/** Stories a feed lists. */
const FEED_LENGTH = 20;

type NewsRow = Payload<"news">["data"][number];

/** The first `count` stories of the news list, as the API orders them (newest first). */
export async function latestNews(
  api: ContentClient,
  lang: Language,
  count = FEED_LENGTH,
): Promise<NewsRow[]> {
  const rows: NewsRow[] = [];
  for (let page = 1; rows.length < count; page++) {
    const answer = await api.content("news", lang, { page });
    rows.push(...answer.data);
    if (page >= answer.pagination.last_page || answer.data.length === 0) break;
  }
  return rows.slice(0, count);
}

export interface FeedInput {
  lang: Language;
  /** Public origin (SITE_URL). */
  siteUrl: string;
  title: string;
  /** Who writes the news: the company. */
  author: string;
  stories: readonly NewsRow[];
  /** The feed's date when no story has one. */
  now?: Date;
}

/** The feed's XML. */
export function atomFeed(input: FeedInput): string {
  const { lang, siteUrl } = input;
  const fallback = (input.now ?? new Date()).toISOString();
  const dated = input.stories.map((story) => ({
    story,
    updated: timestampOf(story.created_at),
  }));
  const newest = dated
    .map((entry) => entry.updated)
    .filter((updated): updated is string => updated !== undefined)
    .sort()
    .at(-1);
  const updated = newest ?? fallback;
  const self = siteUrl + feedPath(lang);
  const others = languages.filter((other) => other !== lang);
  const entries = dated.map(({ story, updated: storyUpdated }) => {
    const link = siteUrl + href("newsItem", lang, story.id);
    const summary = stripTags(story.description);
    return [
      "<entry>",
      `<title>${escapeXml(stripTags(story.title))}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `<id>${escapeXml(link)}</id>`,
      `<updated>${storyUpdated ?? updated}</updated>`,
      ...(storyUpdated ? [`<published>${storyUpdated}</published>`] : []),
      ...(summary ? [`<summary type="text">${escapeXml(summary)}</summary>`] : []),
      "</entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `<title>${escapeXml(input.title)}</title>`,
    `<id>${escapeXml(self)}</id>`,
    `<updated>${updated}</updated>`,
    `<author><name>${escapeXml(input.author)}</name></author>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `<link rel="alternate" type="text/html" hreflang="${lang}" href="${escapeXml(siteUrl + href("news", lang))}"/>`,
    ...others.map(
      (other) =>
        `<link rel="alternate" type="application/atom+xml" hreflang="${other}" href="${escapeXml(siteUrl + feedPath(other))}"/>`,
    ),
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

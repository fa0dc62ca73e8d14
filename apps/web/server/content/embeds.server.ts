/**
 * What an editor embeds, before the sanitiser drops it: a frame (a YouTube or Vimeo player, a
 * map) or a `video` or `audio` player, each given a link to what it showed, since the policy
 * allows no other site's frames or media. Each pass reads the raw HTML once, a start tag only up
 * to the next `<`. And where an editor's relative path to the API's media leads. Tested through
 * `safeHtml` (sanitize.server.test.ts).
 */
import { decodeHTMLAttribute } from "entities/decode";
import { escapeXml } from "../escape-xml.ts";

/**
 * A frame gets a link to what it showed just before it: the policy allows no other site's
 * frames, and the editor's "watch below" or "map:" should lead somewhere. A YouTube or Vimeo
 * player links to the video's page, any other https frame (a map) to its own address, named by
 * its host and path. The frame itself goes, with whatever it holds, as browsers never show a
 * frame's content.
 */
export function withFrameLinks(html: string): string {
  // `[^<>]`: a start tag never runs on past the next one (a run of `<iframe` without `>` would
  // be read again from each, in quadratic time).
  return html.replace(/<iframe\b[^<>]*>/gi, (tag) => {
    const src = srcOf(tag)?.trim();
    const video = videoPage(src);
    // Built from a fixed host and an id of letters, digits, `_` and `-`: nothing to escape.
    if (video) return `<a href="${video}">${video.replace(/^https:\/\//, "")}</a>${tag}`;
    const frame = webAddress(src);
    // A video player whose video cannot be named (a playlist without its list) leads nowhere.
    if (!frame || /(^|\.)(youtube|youtube-nocookie|vimeo)\.com$/i.test(frame.hostname)) return tag;
    const name = `${frame.host}${frame.pathname.split("/").slice(0, 3).join("/")}`;
    return `<a href="${escapeXml(frame.href)}">${escapeXml(name)}</a>${tag}`;
  });
}

/**
 * A `video` or `audio` player gets a link to its file just before it, named by the file's
 * name, as a frame does: the player goes (its fallback text is no content, and the policy
 * plays no other site's media). Its file is its `src`, else the first usable `<source src>` it
 * holds. One pass over the tags, whatever the HTML.
 */
export function withPlayerLinks(html: string, mediaUrl: (url: string) => string): string {
  let out = "";
  let copied = 0;
  /** Where the player whose file is still to come starts. */
  let waiting: number | undefined;
  const linkAt = (at: number, link: string) => {
    out += html.slice(copied, at) + link;
    copied = at;
    waiting = undefined;
  };
  for (const { 0: tag, index: at } of html.matchAll(
    /<(?:video|audio|source)\b[^<>]*>|<\/(?:video|audio)\b/gi,
  )) {
    if (tag.startsWith("</")) waiting = undefined;
    else if (/^<source/i.test(tag)) {
      const link = waiting === undefined ? undefined : fileLink(srcOf(tag), mediaUrl);
      if (link && waiting !== undefined) linkAt(waiting, link);
    } else {
      const link = fileLink(srcOf(tag), mediaUrl);
      if (link) linkAt(at, link);
      else waiting = at;
    }
  }
  return out + html.slice(copied);
}

/**
 * A link to a file as an attribute wrote it, resolved as an image's source is (TinyMCE's
 * `../../storage/`, root-relative media), named by its name; none when it leads nowhere.
 */
function fileLink(
  written: string | undefined,
  mediaUrl: (url: string) => string,
): string | undefined {
  // As browsers read a URL: tabs and line breaks inside it dropped.
  const given = storagePath(
    decodeHTMLAttribute(written ?? "")
      .replace(/[\t\n\r]/g, "")
      .trim(),
  );
  // Only a file on the web, or on this site or its API (`/storage/…`).
  if (!/^(https?:\/\/|\/(?![/\\]))/i.test(given)) return undefined;
  const file = given.startsWith("/") ? mediaUrl(given) : given;
  let name = given.split(/[?#]/)[0]?.split("/").filter(Boolean).pop() ?? given;
  try {
    name = decodeURIComponent(name);
  } catch {
    // A name with a stray `%` is shown as written.
  }
  return `<a href="${escapeXml(file)}">${escapeXml(name)}</a>`;
}

/** The `src` a start tag's text gives, as written (quoted, it may hold spaces). */
function srcOf(tag: string | undefined): string | undefined {
  const [, double, single, bare] =
    /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag ?? "") ?? [];
  return double ?? single ?? bare;
}

/** An https address as written in HTML (`&amp;` is `&`), or undefined. */
function webAddress(src: string | undefined): URL | undefined {
  try {
    const url = new URL(decodeHTMLAttribute(src ?? ""));
    return url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** An editor's relative path to the API's media (TinyMCE writes `../../storage/a.webp`). */
export const storagePath = (src: string) => src.replace(/^(?:\.\.?\/)+(?=storage\/)/, "/");

/** The page of a YouTube or Vimeo video whose player `src` embeds, if it is one. */
function videoPage(src: string | undefined): string | undefined {
  const url = webAddress(src);
  if (!url) return undefined;
  const host = url.hostname.replace(/^www\./, "");
  const id = /^\/(?:embed|video)\/([\w-]+)$/.exec(url.pathname)?.[1];
  if (!id) return undefined;
  /** A query value kept in the link: letters, digits, `_` and `-` only (nothing to escape). */
  const param = (name: string) => {
    const value = url.searchParams.get(name);
    return value && /^[\w-]{1,100}$/.test(value) ? value : undefined;
  };
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const list = param("list");
    if (id === "videoseries")
      return list ? `https://www.youtube.com/playlist?list=${list}` : undefined;
    // Where the player started, in whole seconds.
    const start = param("start");
    return `https://www.youtube.com/watch?v=${id}${start && /^\d+$/.test(start) ? `&t=${start}` : ""}`;
  }
  // An unlisted video's player carries its key (`?h=`), without which its page is not found.
  if (host === "player.vimeo.com" && /^\d+$/.test(id)) {
    const key = param("h");
    return `https://vimeo.com/${id}${key ? `/${key}` : ""}`;
  }
  return undefined;
}

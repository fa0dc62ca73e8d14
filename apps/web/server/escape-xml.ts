/**
 * Text in the markup the server writes by hand: the sitemap, the news feeds, its own error page
 * (HTML), and the social cards' Pango markup (XML).
 */
import { escapeUTF8 } from "entities/escape";

/** Characters XML 1.0 cannot hold at all, which editors' text may carry. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * `text` as XML character data or an attribute value: `& < > " '` written as references (the
 * `entities` package), characters XML cannot hold left out.
 */
export const escapeXml = (text: string): string => escapeUTF8(text.replace(NOT_XML, ""));

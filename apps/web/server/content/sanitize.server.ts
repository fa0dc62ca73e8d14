/**
 * Content HTML from the API is untrusted. Everything rich that the site renders passes through
 * `safeHtml`, on the server, so the sanitiser never ships to browsers. `SafeHtml` can only be
 * made here, and the RichContent component accepts nothing else. Before sanitize-html: a
 * text's lines, and the passes of embeds.server.ts (a frame's or a player's link); its options:
 * what an editor's HTML may say; after it: the passes of tidy-html.server.ts (holes, phone
 * numbers, headings' levels).
 */
import sanitizeHtml from "sanitize-html";
import { storagePath, withFrameLinks, withPlayerLinks } from "./embeds.server.ts";
import {
  NESTING_LIMIT,
  outlined,
  withoutHoles,
  withPhoneNumbersIsolated,
} from "./tidy-html.server.ts";

declare const safe: unique symbol;
export type SafeHtml = string & { readonly [safe]: true };

const LIST_MARKERS =
  /^(decimal|decimal-leading-zero|(lower|upper)-(alpha|latin|roman)|lower-greek|arabic-indic|disc|circle|square)$/i;

/**
 * `<ol type>` as the marker style it names: CSS cannot tell `type="A"` from `type="a"` (the
 * attribute's value matches in any case, and Chromium has no `s` flag), a style can.
 */
const LIST_TYPES: Record<string, string> = {
  "1": "decimal",
  a: "lower-alpha",
  A: "upper-alpha",
  i: "lower-roman",
  I: "upper-roman",
};

/**
 * What an editor's `style` may say. Keywords in any case (Word writes `TEXT-ALIGN: CENTER`).
 * Weights and styles only where they add emphasis: a paste's `font-weight:400` on a heading's
 * text would make the heading thin.
 */
const allowedStyles = {
  "*": {
    "text-align": [/^(left|right|center|justify|start|end)$/i],
    direction: [/^(ltr|rtl)$/i],
    "font-weight": [/^(bold|bolder|[6-9]00)$/i],
    "font-style": [/^italic$/i],
    "text-decoration": [/^(underline|line-through)$/i],
  },
  // A list's markers as an editor's list properties set them (CKEditor 5 writes `upper-latin`).
  ol: { "list-style-type": [LIST_MARKERS] },
  ul: { "list-style-type": [LIST_MARKERS] },
  // An image centred (TinyMCE: a block with automatic side margins) or floated beside the text.
  img: {
    display: [/^block$/i],
    "margin-left": [/^auto$/i],
    "margin-right": [/^auto$/i],
    float: [/^(left|right)$/i],
  },
};

/**
 * Marks a `b` that is no bold (a symbol: the attribute filter, which reads names, passes it
 * by, and no attribute can be written with it).
 */
const NOT_BOLD = Symbol("not bold");

/** Old-style alignment (`<p align="center">`, CKEditor 4 and Word) as the style that says it. */
const ALIGNED = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th"]);

/** `mediaUrl` resolves root-relative media (`/storage/...`) to where browsers load it. */
const optionsFor = (mediaUrl: (url: string) => string): sanitizeHtml.IOptions => ({
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== "iframe"),
    "img",
    "figure",
    "figcaption",
    "picture",
    "source",
  ],
  allowedAttributes: {
    // `target` and `rel` pass only as the `a` transform below sets them (the editor's are dropped).
    a: ["href", "name", "target", "rel", "title", "lang", "dir"],
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading", "decoding"],
    source: ["srcset", "sizes", "media", "type"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    // A list's numbering as the editor set it (from 4, counting down; `type` as a style above).
    ol: ["start", "reversed"],
    li: ["value"],
    "*": ["id", "lang", "dir", "style"],
  },
  allowedStyles,
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "srcset"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Dropped with their text: what a pasted whole document or an embed holds besides content
  // (a Word file's title and settings, a player's "your browser does not support video", a
  // pasted form's "Send").
  nonTextTags: [
    ...["script", "style", "textarea", "option", "button", "xmp", "noscript"],
    ...["title", "head", "xml", "video", "audio", "object", "iframe"],
  ],
  nestingLimit: NESTING_LIMIT,
  // Written without an end tag (sanitize-html's list lacks these void elements).
  selfClosing: [...(sanitizeHtml.defaults.selfClosing ?? []), "source", "wbr", "col"],
  transformTags: {
    // Google Docs wraps a whole paste, or a few words, in a `<b style="font-weight:normal">`
    // (paragraphs inside bold, which HTML forbids): marked here, while its style still says
    // so, and left out by `exclusiveFilter`, what it holds kept.
    b: (tagName, attribs) =>
      /font-weight:\s*(normal|400)\b/i.test(attribs.style ?? "")
        ? { tagName, attribs: { ...attribs, [NOT_BOLD]: "" } }
        : { tagName, attribs },
    // The editor's own `list-style-type` wins over `type`, as in browsers.
    ol: (tagName, { type, ...attribs }) => {
      const written = type?.trim() ?? "";
      const marker = Object.hasOwn(LIST_TYPES, written) ? LIST_TYPES[written] : undefined;
      if (!marker) return { tagName, attribs };
      const style = attribs.style?.trim();
      return {
        tagName,
        attribs: { ...attribs, style: `list-style-type:${marker}${style ? `;${style}` : ""}` },
      };
    },
    // Superscripts are styled spans in a Google Docs paste ("m²").
    span: (tagName, attribs) => {
      const shift = /vertical-align:\s*(super|sub)\b/i.exec(attribs.style ?? "")?.[1];
      if (!shift) return { tagName, attribs };
      return { tagName: shift.toLowerCase() === "super" ? "sup" : "sub", attribs: {} };
    },
    // Links that leave the site open safely in a new tab; images load lazily.
    // Root-relative media (`/storage/...`) is served by the API, not by this site.
    a: (tagName, { target: _target, rel: _rel, ...attribs }) => {
      const written = attribs.href?.trim();
      const href = written?.startsWith("/storage/")
        ? mediaUrl(written)
        : // An address written without its scheme would be read as a page of this site.
          written && /^www\.[^\s/]+\.[a-z]/i.test(written)
          ? `https://${written}`
          : written?.startsWith("#")
            ? contentFragment(written)
            : attribs.href;
      // Any absolute http(s) address, however the editor wrote it (`http:host`, leading spaces).
      const external = /^https?:/i.test(withoutLeadingControls(href ?? ""));
      // A phone number reads left to right in Arabic text too (decision 011).
      const phone: Record<string, string> = /^tel:/i.test(withoutLeadingControls(href ?? ""))
        ? { dir: "ltr" }
        : {};
      return {
        tagName,
        attribs: external
          ? { ...attribs, href: href ?? "", target: "_blank", rel: "noopener noreferrer" }
          : { ...attribs, ...phone, ...(href === undefined ? {} : { href }) },
      };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.src ? { src: mediaUrl(storagePath(attribs.src)) } : {}),
        ...(attribs.srcset ? { srcset: srcsetVia(attribs.srcset, mediaUrl) } : {}),
        loading: "lazy",
        decoding: "async",
        alt: attribs.alt ?? "",
      },
    }),
    // Every tag: an editor's anchor (`id`, Word's `<a name>`) is kept under the content's own
    // prefix, so it can neither take the page's own ids nor name a global (DOM clobbering).
    // Style properties read in lower case, as CSS reads them (Word writes `TEXT-ALIGN: CENTER`).
    "*": (tagName, { id, name, align, style, ...attribs }) => {
      const lowered = style?.replace(
        /(^|;)\s*([a-z-]+)\s*:/gi,
        (_, start, property: string) => `${start}${property.toLowerCase()}:`,
      );
      return {
        tagName,
        attribs: {
          ...attribs,
          ...(lowered === undefined ? {} : { style: lowered }),
          ...contentAnchor("id", id),
          ...contentAnchor("name", name),
          ...alignedStyle(tagName, align, lowered),
        },
      };
    },
    source: (tagName, attribs) => ({
      tagName,
      attribs: attribs.srcset
        ? { ...attribs, srcset: srcsetVia(attribs.srcset, mediaUrl) }
        : attribs,
    }),
  },
  exclusiveFilter: (frame) => {
    // An image whose source is missing or not a usable URL (left over once a handler is gone,
    // e.g. `<img src="x" onerror=...>`) would only show as a broken icon.
    if (frame.tag === "img")
      return !/^(https?:\/\/|\/(?!\/)|data:image\/)/i.test(frame.attribs.src ?? "");
    // The Google Docs wrapper (`b` above) goes, what it holds stays. NOTE: not by renaming it
    // to a tag no list allows: sanitize-html then wrote that name as the end tag of the next
    // element at the same depth (`<a>…</unwrapped>`), and the link or bold ran on over the rest
    // of the page and its footer.
    if (frame.tag === "b" && NOT_BOLD in frame.attribs) return "excludeTag";
    return false;
  },
});

/**
 * Each candidate of a `srcset` ("url 2x, url 640w") with its URL resolved like `src`, read as
 * browsers read it: a URL runs to the next space (a `data:` URL keeps its commas), and its
 * descriptors to the next comma.
 */
function srcsetVia(srcset: string, mediaUrl: (url: string) => string): string {
  const candidates: string[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && /[\s,]/.test(srcset.charAt(at))) at++;
    if (at >= srcset.length) break;
    let end = at;
    while (end < srcset.length && !/\s/.test(srcset.charAt(end))) end++;
    let url = srcset.slice(at, end);
    at = end;
    let descriptor = "";
    if (url.endsWith(",")) url = url.replace(/,+$/, "");
    else {
      let depth = 0;
      while (at < srcset.length && (srcset.charAt(at) !== "," || depth > 0)) {
        if (srcset.charAt(at) === "(") depth++;
        if (srcset.charAt(at) === ")") depth--;
        descriptor += srcset.charAt(at++);
      }
    }
    const resolved = /^data:/i.test(url) ? url : mediaUrl(storagePath(url));
    candidates.push(descriptor.trim() ? `${resolved} ${descriptor.trim()}` : resolved);
  }
  return candidates.join(", ");
}

/** `align="center"` on a block as `text-align: center`, unless its style says otherwise. */
function alignedStyle(
  tagName: string,
  align: string | undefined,
  style: string | undefined,
): { style?: string } {
  const value = align?.trim().toLowerCase();
  if (!value || !ALIGNED.has(tagName) || !/^(left|right|center|justify)$/.test(value)) return {};
  // An allowed text-align in the style wins; another (`-webkit-center`, which Chromium pastes)
  // is dropped by the sanitiser, so `align` says it.
  if (/text-align\s*:\s*(left|right|center|justify|start|end)\b/i.test(style ?? "")) return {};
  return { style: `text-align:${value}${style ? `;${style}` : ""}` };
}

/**
 * What prefixes every anchor of content HTML, and none of the site's own ids: those (`main`,
 * `list`, a form's fields) and `#top` stay the page's; `#x` in content leads to the content's `x`.
 */
const CONTENT_ANCHOR_PREFIX = "content-";

/** An anchor kept: no space (HTML's rule), at most 100 characters (the site's). */
const ANCHOR = /^[^\s]{1,100}$/;

function contentAnchor(attribute: "id" | "name", value: string | undefined) {
  return value !== undefined && ANCHOR.test(value)
    ? { [attribute]: `${CONTENT_ANCHOR_PREFIX}${value}` }
    : {};
}

/**
 * A link to an anchor of the content (`#Section_2`, `#%D9%85…`), to where that anchor now is.
 * The anchor is judged as browsers match it, percent-decoded, like the id it leads to.
 */
function contentFragment(href: string): string {
  const written = href.slice(1);
  let anchor: string;
  try {
    anchor = decodeURIComponent(written);
  } catch {
    return href;
  }
  // `#` and `#top` lead to the page's top, which is no anchor of the content.
  return ANCHOR.test(anchor) && anchor.toLowerCase() !== "top"
    ? `#${CONTENT_ANCHOR_PREFIX}${written}`
    : href;
}

/**
 * Text without any markup, its lines as written: blank lines part paragraphs, and a single line
 * break stays one. Anything that looks like a tag is left to the sanitiser as HTML.
 */
function linesAsHtml(text: string): string {
  if (/<[a-z!/?]/i.test(text) || !text.includes("\n")) return text;
  // No tag can start here, and the sanitiser escapes the text as it writes it out.
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.trim().replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** A URL as browsers read it: leading spaces and control characters (up to U+0020) dropped. */
function withoutLeadingControls(url: string): string {
  let start = 0;
  while (start < url.length && url.charCodeAt(start) <= 0x20) start++;
  return url.slice(start).replace(/[\t\n\r]/g, "");
}

/** Sanitises editor HTML: no scripts, event handlers, `javascript:` URLs or layout-breaking styles. */
export function safeHtml(
  html: string | null | undefined,
  mediaUrl: (url: string) => string,
  /** The level of the content's first headings: 3 for content under a section's h2. */
  { headingsFrom = 2 }: { headingsFrom?: 2 | 3 } = {},
): SafeHtml {
  const clean = withPhoneNumbersIsolated(
    withoutHoles(
      sanitizeHtml(
        withPlayerLinks(withFrameLinks(linesAsHtml(html ?? "")), mediaUrl),
        optionsFor(mediaUrl),
      ),
    ),
  ).trim();
  return outlined(clean, headingsFrom) as SafeHtml;
}

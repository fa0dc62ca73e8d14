/**
 * The company profile's PDF (`/api/our_profile`) as visitors get it. SPEC.md: About Us's entry
 * "does not navigate; it downloads the PDF", and a link's `download` works on its page's own
 * origin only. So a file on a media origin (the API's, MEDIA_BASE_URL's), which this site may
 * fetch, is sent from `/{lang}/ourProfile` as a download (routes/company-profile.ts); a file
 * anywhere else is linked where it is, as the browser will have it.
 */
import type { Language } from "@site/contract";
import { profilePath } from "../../app/shared/page-table.ts";

/** The file this site fetches for the download, or undefined when it is not on a media origin. */
export function profileFile(
  given: string | null | undefined,
  apiBaseUrl: string,
  mediaOrigins: readonly string[],
): URL | undefined {
  if (!given) return undefined;
  let url: URL;
  try {
    // Root-relative (MEDIA_BASE_URL=/ keeps it so): the API's own file.
    url = new URL(given, `${apiBaseUrl}/`);
  } catch {
    return undefined;
  }
  return mediaOrigins.includes(url.origin) ? url : undefined;
}

/** The About Us entry's address: the download from this site, the file's own, or none. */
export function profileLink(
  given: string | null | undefined,
  lang: Language,
  apiBaseUrl: string,
  mediaOrigins: readonly string[],
): string | null {
  if (!given) return null;
  return profileFile(given, apiBaseUrl, mediaOrigins) ? profilePath(lang) : given;
}

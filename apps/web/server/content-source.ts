/**
 * Where the site reads its content. With API_BASE_URL set, that server only. Without it, the
 * bundled reference API (a dev dependency: the demo) is started on loopback with its demo
 * content, and the site reads it over HTTP exactly as it would read a remote backend. Its code
 * is imported only then, so a production install against a company's API never loads it.
 */

import { repoRoot } from "./repo-root.ts";
import { environment, type Settings } from "./settings.server.ts";
import type { SiteSettings } from "./site-context.server.ts";

export interface ContentSource {
  /** The settings with the API to read (and where media come from) filled in. */
  settings: SiteSettings;
  /** Set when browsers get media through this site's `/storage` proxy. */
  mediaProxyTo?: string;
  close(): Promise<void>;
}

/** The content source could not be set up; `message` is one line for the operator. */
export class ContentSourceError extends Error {}

export async function resolveContentSource(
  settings: Settings,
  log: (line: string) => void,
): Promise<ContentSource> {
  if (settings.API_BASE_URL) {
    log(`Reading content from ${settings.API_BASE_URL}`);
    return {
      settings: { ...settings, API_BASE_URL: settings.API_BASE_URL },
      // MEDIA_BASE_URL=/ : browsers load media through this site, which fetches them from the API.
      mediaProxyTo: settings.MEDIA_BASE_URL === "/" ? settings.API_BASE_URL : undefined,
      close: async () => {},
    };
  }
  let demo: typeof import("@site/content-api");
  try {
    demo = await import("@site/content-api");
  } catch {
    throw new ContentSourceError(
      "API_BASE_URL is not set and the bundled reference API is not installed (it is a dev dependency): set API_BASE_URL to the company's content API",
    );
  }
  let apiSettings: ReturnType<typeof demo.loadApiSettings>;
  try {
    apiSettings = demo.loadApiSettings(environment(repoRoot));
  } catch (error) {
    throw new ContentSourceError((error as Error).message);
  }
  const api = await demo.startContentApi({ ...apiSettings, host: "127.0.0.1", log });
  log(`Started the reference content API with demo content at ${api.url}`);
  const proxy = settings.MEDIA_BASE_URL === undefined || settings.MEDIA_BASE_URL === "/";
  return {
    settings: {
      ...settings,
      API_BASE_URL: api.url,
      MEDIA_BASE_URL: proxy ? "/" : settings.MEDIA_BASE_URL,
    },
    mediaProxyTo: proxy ? api.url : undefined,
    close: () => api.close(),
  };
}

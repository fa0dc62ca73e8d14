/**
 * Where the site reads its content. With API_BASE_URL set, that server only. Without it, the
 * bundled reference API is started on loopback with its demo content, and the site reads it
 * over HTTP exactly as it would read a remote backend.
 */
import { loadApiSettings, startContentApi } from "@site/content-api";
import type { Settings } from "../app/lib/config.server.ts";

export interface ContentSource {
  apiBaseUrl: string;
  /** Set when browsers get media through this site's `/storage` proxy. */
  mediaProxyTo?: string;
  close(): Promise<void>;
}

export async function resolveContentSource(
  settings: Settings,
  log: (line: string) => void,
): Promise<ContentSource> {
  if (settings.API_BASE_URL) {
    log(`Reading content from ${settings.API_BASE_URL}`);
    return { apiBaseUrl: settings.API_BASE_URL, close: async () => {} };
  }
  const api = await startContentApi({ ...loadApiSettings(process.env), host: "127.0.0.1", log });
  log(`Started the reference content API with demo content at ${api.url}`);
  process.env.API_BASE_URL = api.url;
  const proxy = settings.MEDIA_BASE_URL === undefined || settings.MEDIA_BASE_URL === "/";
  if (proxy) process.env.MEDIA_BASE_URL = "/";
  return {
    apiBaseUrl: api.url,
    mediaProxyTo: proxy ? api.url : undefined,
    close: () => api.close(),
  };
}

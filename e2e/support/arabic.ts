/** Pages and helpers shared by the Arabic specs (arabic.spec.ts, arabic-language.spec.ts). */
import { firstId } from "./content.ts";
import { type Page, scriptsReady } from "./test.ts";

export const widthAgnostic = "computed styles and text, the same at every width";

/** Arabic letters (the Arabic block and its presentation forms). */
export const arabicLetters = /[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** Pages of each kind (detail pages: the first item of their list), without the language. */
export async function pagePaths(): Promise<Record<string, string>> {
  const [news, project, service] = await Promise.all([
    firstId("/api/news", "ar"),
    firstId("/api/Completed-projects", "ar"),
    firstId("/api/services", "ar"),
  ]);
  return {
    home: "",
    news: "/news",
    newsItem: `/news/${news}`,
    projects: "/projects",
    project: `/projects/${project}`,
    contact: "/contactUs",
    services: "/services",
    service: `/services/${service}`,
    overview: "/overview",
    equipment: "/equipment",
    notFound: "/no-such-page",
  };
}

/** Loads a page with entrance animations off and waits for its widgets. */
export async function open(page: Page, path: string) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const response = await page.goto(path);
  await scriptsReady(page);
  return response;
}

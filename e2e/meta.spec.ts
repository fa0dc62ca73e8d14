/**
 * The search-engine and social tags of every page, in both languages, in the raw server HTML
 * (no browser: JavaScript plays no part). What each page must say is computed from the API's
 * data by the rule of apps/web/app/shared/seo.ts:
 *
 * - `<title>`: the data's `meta_title` as written (tags stripped) when it has text; else the
 *   page's own title, then ` | ` and the site name; with neither, the site name.
 * - `og:title`, `twitter:title`: that title without the site name added.
 * - description (`name=description`, `og:`, `twitter:`): the first candidate with text, else
 *   the company's long description, cut to 160 characters.
 * - `og:image`, `twitter:image`: the first candidate URL cropped to 1200×630 by the image
 *   endpoint (`/img?src=…&fit=og&page=…`), else the card drawn for the page (`/og/{page}.png?v=…`),
 *   absolute against SITE_URL (social-cards.spec.ts fetches both and checks their size).
 *
 * The table runs against two contents: the demo content, whose meta fields are filled in, and
 * a copy of it whose meta titles and images are empty in every way (missing, "", blanks,
 * markup only) and whose meta descriptions are marked up in English and empty in Arabic, so
 * that every fallback and the stripping show.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ContentApi } from "@site/content-api";
import { apiData, company, type Lang, languages, type Paged, t } from "./support/content.ts";
import { E2E_API_PORT, E2E_SITE_URL, repoRoot } from "./support/env.ts";
import { type RunningSite, type SiteWithApi, startSiteWithApi } from "./support/site.ts";
import { type APIRequestContext, expect, test } from "./support/test.ts";
import { headTags, textOf, truncated } from "./support/text.ts";

type Text = string | null | undefined;

/** The fields of API items these pages read (each endpoint has some of them). */
interface Item {
  id?: number | string;
  title?: Text;
  description?: Text;
  content?: Text;
  image_content?: Text;
  image?: Text;
  banner_image?: Text;
  banner_img?: Text;
  meta_title?: Text;
  meta_description?: Text;
  meta_image?: Text;
}

/** A page's path after `/{lang}` and its candidates, in the order the rule prefers them. */
interface Page {
  path: string;
  /** The data's meta title, shown as written. */
  metaTitle?: Text;
  /** The page's own titles: shown with the site name added. */
  title?: Text[];
  description?: Text[];
  image?: Text[];
}

/** Reads the `data` of an API path in the language of the page. */
type Read = <T>(apiPath: string) => Promise<T>;

async function first(read: Read, apiPath: string): Promise<Item> {
  const [item] = await read<Item[]>(apiPath);
  if (!item) throw new Error(`${apiPath} is empty`);
  return item;
}

async function firstRowId(read: Read, apiPath: string): Promise<string> {
  const [row] = (await read<Paged<Item>>(apiPath)).data;
  if (row?.id === undefined) throw new Error(`${apiPath} has no rows`);
  return String(row.id);
}

/** Every page of the site with search tags, and its candidates read from the API. */
const pages: Record<string, (lang: Lang, read: Read) => Promise<Page>> = {
  home: async (_, read) => {
    const about = await first(read, "/api/about-homepage");
    const [banner] = await read<Item[]>("/api/homepage-banners");
    // The home page's own title and description are the company's (the fallbacks of all).
    return {
      path: "",
      metaTitle: about.meta_title,
      description: [about.meta_description],
      image: [about.meta_image, banner?.image],
    };
  },
  overview: async (lang, read) => {
    const overview = await first(read, "/api/overviews");
    return {
      path: "/overview",
      metaTitle: overview.meta_title,
      title: [t(lang, "overview.title")],
      description: [overview.meta_description, overview.content],
      image: [overview.banner_image],
    };
  },
  ...Object.fromEntries(
    (
      [
        ["projects", "projects.title"],
        ["CurrentProjects", "projects.currentTitle"],
      ] as const
    ).map(([list, titleKey]) => [
      list,
      async (lang: Lang, read: Read): Promise<Page> => {
        // Both lists share the project-pages record, but not its meta title: each list is
        // titled by its own name, so that the two tabs and search results tell them apart
        // (decision 023). So no meta title here, and the list's name before the description.
        const header = await first(read, "/api/project-pages");
        const shared = [header.meta_description, header.description]
          .map((text) => textOf(text ?? ""))
          .find(Boolean);
        return {
          path: `/${list}`,
          title: [t(lang, titleKey)],
          description: [shared ? `${t(lang, titleKey)}: ${shared}` : ""],
          image: [header.meta_image, header.image],
        };
      },
    ]),
  ),
  ...Object.fromEntries(
    (
      [
        ["project", "projects", "/api/Completed-projects"],
        ["current project", "CurrentProjects", "/api/NotCompleted-projects"],
      ] as const
    ).map(([name, list, rows]) => [
      name,
      async (_: Lang, read: Read): Promise<Page> => {
        const id = await firstRowId(read, rows);
        const { projects: project } = await read<{ projects: Item }>(`/api/projects/${id}`);
        return {
          path: `/${list}/${id}`,
          metaTitle: project.meta_title,
          title: [project.title],
          description: [project.meta_description, project.image_content],
          image: [project.meta_image, project.image],
        };
      },
    ]),
  ),
  services: async (lang, read) => {
    // The list has no meta fields: it names what the company offers.
    const services = await read<Item[]>("/api/services");
    return {
      path: "/services",
      title: [t(lang, "services.title")],
      description: [services.map((service) => service.title).join(" · ")],
      image: [services[0]?.banner_image],
    };
  },
  service: async (_, read) => {
    const { id } = await first(read, "/api/services");
    const service = await read<Item>(`/api/services/${id}`);
    return {
      path: `/services/${id}`,
      metaTitle: service.meta_title,
      title: [service.title],
      description: [service.meta_description, service.description, service.content],
      image: [service.banner_image],
    };
  },
  "other page": async (_, read) => {
    const { id } = await first(read, "/api/extra-pages");
    const other = await read<Item>(`/api/extra-pages/${id}`);
    return {
      path: `/otherPages/${id}`,
      metaTitle: other.meta_title,
      title: [other.title],
      description: [other.meta_description, other.content],
      image: [other.banner_image, other.image],
    };
  },
  news: async (_, read) => {
    const header = await first(read, "/api/news-page");
    return {
      path: "/news",
      metaTitle: header.meta_title,
      title: [header.title],
      description: [header.meta_description, header.description],
      image: [header.meta_image, header.image],
    };
  },
  "news item": async (_, read) => {
    const id = await firstRowId(read, "/api/news");
    const item = await read<Item>(`/api/news/${id}`);
    return {
      path: `/news/${id}`,
      metaTitle: item.meta_title,
      title: [item.title],
      description: [item.meta_description, item.description, item.content],
      image: [item.banner_image, item.image],
    };
  },
  // Pages made from the first item of a list, titled by it or else by an interface string.
  ...Object.fromEntries(
    (
      [
        ["HSE", "/api/hse", "hse.title", ["meta_description", "content"], "banner_image"],
        [
          "equipment",
          "/api/equipment-pages",
          "equipment.title",
          ["meta_description", "description"],
          "banner_image",
        ],
        ["iso", "/api/isos", "iso.title", ["meta_description"], "banner_img"],
      ] as const
    ).map(([name, list, titleKey, described, imageField]) => [
      name,
      async (lang: Lang, read: Read): Promise<Page> => {
        const item = await first(read, list);
        return {
          path: `/${name}`,
          metaTitle: item.meta_title,
          title: [item.title, t(lang, titleKey)],
          description: described.map((field) => item[field]),
          image: [item[imageField]],
        };
      },
    ]),
  ),
  contactUs: async (lang, read) => {
    // No meta fields: the banner image is the projects page's.
    const header = await first(read, "/api/project-pages");
    return { path: "/contactUs", title: [t(lang, "contact.title")], image: [header.image] };
  },
};

/** The tags `page` must have in `lang`, by the rule above. */
function expectedTags(page: Page, lang: Lang) {
  const who = company(lang);
  const firstText = (candidates: Text[] = []) =>
    candidates.map((candidate) => textOf(candidate ?? "")).find(Boolean) ?? "";
  const metaTitle = textOf(page.metaTitle ?? "");
  const ownTitle = firstText(page.title);
  const shareTitle = metaTitle || ownTitle || who.name;
  const description = truncated(firstText(page.description) || who.longDescription, 160);
  const own = page.image?.map((url) => url?.trim()).find(Boolean);
  // The API's media are root-relative (MEDIA_BASE_URL=/), and none of the demo's is an SVG.
  const image = own?.startsWith("/storage/")
    ? `${E2E_SITE_URL}/img?src=${encodeURIComponent(own)}&fit=og&page=${encodeURIComponent(`/${lang}${page.path}`)}`
    : expect.stringMatching(
        new RegExp(`^${E2E_SITE_URL.replace(/\./g, "\\.")}/og/${lang}${page.path}\\.png\\?v=\\w+$`),
      );
  return {
    title: [metaTitle || (ownTitle ? `${ownTitle} | ${who.name}` : who.name)],
    description: [description],
    "og:title": [shareTitle],
    "og:description": [description],
    "og:image": [image],
    "twitter:title": [shareTitle],
    "twitter:description": [description],
    "twitter:image": [image],
  };
}

/** The same tags as found in the raw server HTML of `url` (each list shows a repeated tag). */
async function actualTags(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const { titles, meta } = headTags(await response.text());
  const keys = ["description", "og:title", "og:description", "og:image"] as const;
  const twitter = ["twitter:title", "twitter:description", "twitter:image"] as const;
  return {
    title: titles,
    ...Object.fromEntries([...keys, ...twitter].map((key) => [key, meta[key] ?? []])),
  };
}

/** Checks every page in `lang` against `site` and the API it reads; returns the meta titles. */
async function checkEveryPage(
  request: APIRequestContext,
  lang: Lang,
  site: { url: string; api: string },
) {
  const read: Read = (apiPath) => apiData(apiPath, lang, site.api);
  const metaTitles: Text[] = [];
  for (const [name, pageOf] of Object.entries(pages)) {
    const page = await pageOf(lang, read);
    if ("metaTitle" in page) metaTitles.push(page.metaTitle);
    const url = `${site.url}/${lang}${page.path}`;
    expect
      .soft(await actualTags(request, url), `${name}: ${url}`)
      .toEqual(expectedTags(page, lang));
  }
  return metaTitles;
}

test.beforeEach(() => {
  test.skip(test.info().project.name === "phone", "server HTML does not depend on the width");
});

test.describe("the demo content", () => {
  for (const lang of languages) {
    test(`/${lang}: every page's title, description and image come from its meta fields`, async ({
      request,
    }) => {
      const metaTitles = await checkEveryPage(request, lang, {
        url: "",
        api: `http://127.0.0.1:${E2E_API_PORT}`,
      });
      // The demo content fills in every meta title, so the table above checked them all.
      expect(metaTitles.map((title) => textOf(title ?? "")).filter((title) => !title)).toEqual([]);
    });
  }
});

test.describe("empty and marked-up meta fields", () => {
  // One server start for both languages: the tests run in order in one worker.
  test.describe.configure({ mode: "default" });
  let seedDir: string | undefined;
  let servers: SiteWithApi | undefined;
  let api: ContentApi | undefined;
  let site: RunningSite | undefined;

  test.beforeAll(async () => {
    if (test.info().project.name === "phone") return;
    seedDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-meta-seed-"));
    const demoSeed = path.join(repoRoot, "apps/content-api/seed");
    for (const file of fs.readdirSync(demoSeed).filter((name) => name.endsWith(".json"))) {
      const records = JSON.parse(fs.readFileSync(path.join(demoSeed, file), "utf8"));
      fs.writeFileSync(path.join(seedDir, file), JSON.stringify(emptyMeta(records)));
    }
    servers = await startSiteWithApi(
      { seedDir },
      // Media through the site, as with `npm start`: image URLs start with SITE_URL.
      { MEDIA_BASE_URL: "/", SITE_URL: E2E_SITE_URL },
    );
    ({ api, site } = servers);
  });

  test.afterAll(async () => {
    await servers?.stop();
    servers = api = site = undefined;
    if (seedDir) fs.rmSync(seedDir, { recursive: true, force: true });
  });

  for (const lang of languages) {
    test(`/${lang}: every page falls back to its own title, description and image`, async ({
      request,
    }) => {
      if (!site || !api) throw new Error("the server is not running");
      const metaTitles = await checkEveryPage(request, lang, { url: site.url, api: api.url });
      // Every meta title was empty in some way, so the table above checked the fallbacks.
      expect(metaTitles.length).toBeGreaterThan(0);
      expect(metaTitles.map((title) => textOf(title ?? "")).filter(Boolean)).toEqual([]);
    });
  }
});

/** Every way of writing nothing: missing, empty, blanks, markup only. */
const blanks = [null, "", "  \n\t", "<p> </p>", "<p>&nbsp;</p>\n<br/>"];

/**
 * A copy of seed records whose meta titles and images are empty (each record a different kind
 * of empty) and whose meta descriptions are marked up with entities in English and empty in
 * Arabic.
 */
function emptyMeta(value: unknown, counter = { next: 0 }): unknown {
  if (Array.isArray(value)) return value.map((item) => emptyMeta(item, counter));
  if (!value || typeof value !== "object") return value;
  const blank = () => blanks[counter.next++ % blanks.length] ?? null;
  const localisedBlank = () => {
    const text = blank();
    return text === null ? null : { en: text, ar: blank() ?? "" };
  };
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      if (key === "meta_title") return [key, localisedBlank()];
      if (key === "meta_image") return [key, counter.next++ % 2 ? null : ""];
      if (key === "meta_description") {
        const text = (field as { en?: string } | null)?.en ?? "";
        const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
        const marked = `<p>\n  <strong>${escaped}</strong>&nbsp;&mdash; &laquo;&#x41;&#1571;&raquo;\t</p>`;
        return [key, { en: marked, ar: blank() ?? "" }];
      }
      return [key, emptyMeta(field, counter)];
    }),
  );
}

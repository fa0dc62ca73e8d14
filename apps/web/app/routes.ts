import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { type PageName, pages } from "./shared/page-table.ts";

/** The pages of `shared/page-table.ts` (the one table of URLs), each route id named after its page. */
const pageRoutes = (Object.keys(pages) as PageName[]).map((name) => {
  const { path, module } = pages[name];
  return path === "" ? index(module, { id: name }) : route(path, module, { id: name });
});

export default [
  // `/` goes to the visitor's saved language (cookie), default English.
  index("routes/root-redirect.tsx"),

  // For search engines: the sitemap (an index of numbered parts once it is large) and robots.
  route("sitemap.xml", "routes/sitemap.tsx", { id: "sitemap" }),
  route("sitemap/:part", "routes/sitemap.tsx", { id: "sitemap-part" }),
  route("robots.txt", "routes/robots.tsx"),

  // The web app manifest of each language (not a page: no layout, no header data).
  route(":lang/manifest.webmanifest", "routes/manifest.ts"),
  // The contact page's action answering JSON, for the live form (islands/contact-form.tsx).
  route(":lang/contactUs/send", "routes/contact/send.ts"),
  // Suggestions as the visitor types in the search field (islands/search-combobox.tsx).
  route(":lang/search/suggest", "routes/search-suggest.ts"),
  // The Atom feed of each language's news.
  route(":lang/news/feed.xml", "routes/news-feed.ts", { id: "news-feed" }),
  // The company profile PDF, sent as a download (About Us's entry).
  route(":lang/ourProfile", "routes/company-profile.ts", { id: "company-profile" }),

  // Every page sits under /en or /ar. The layout loads header and footer data, redirects
  // unsupported languages, and the page frame keeps header and footer around page errors.
  route(":lang", "routes/language.tsx", [
    layout("routes/page-frame.tsx", [...pageRoutes, route("*", "routes/not-found.tsx")]),
  ]),
] satisfies RouteConfig;

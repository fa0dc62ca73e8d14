import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // `/` goes to the visitor's saved language (cookie), default English.
  index("routes/root-redirect.tsx"),

  // Every page sits under /en or /ar. The layout loads header and footer data, redirects
  // unsupported languages, and the page frame keeps header and footer around page errors.
  route(":lang", "routes/language.tsx", [
    layout("routes/page-frame.tsx", [
      index("routes/home.tsx"),
      route("overview", "routes/overview.tsx"),

      // Completed and current projects share their list and detail modules.
      route("projects", "routes/projects.tsx", { id: "completed-projects" }),
      route("projects/:id", "routes/project.tsx", { id: "completed-project" }),
      route("CurrentProjects", "routes/projects.tsx", { id: "current-projects" }),
      route("CurrentProjects/:id", "routes/project.tsx", { id: "current-project" }),

      route("services", "routes/services.tsx"),
      route("services/:id", "routes/service.tsx"),
      route("otherPages/:id", "routes/other-page.tsx"),
      route("news", "routes/news.tsx"),
      route("news/:id", "routes/news-item.tsx"),
      route("HSE", "routes/hse.tsx"),
      route("equipment", "routes/equipment.tsx"),
      route("iso", "routes/iso.tsx"),
      route("contactUs", "routes/contact/route.tsx"),

      // Hidden test page with the raw banner and services data (not indexed).
      route("soso", "routes/soso.tsx"),

      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;

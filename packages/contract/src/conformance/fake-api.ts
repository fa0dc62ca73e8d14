/**
 * A small server that follows API.md, for the conformance checker's tests, with a hook to break
 * single answers; and helpers to read the checker's report and run its command line.
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { CallResult, Report } from "./report.ts";

// A small server that follows API.md, with a hook to break single answers.

export type Lang = "en" | "ar";
export interface Reply {
  status?: number;
  body?: unknown;
  raw?: string;
  contentType?: string;
  /** Never answer (the checker's time-out must fire). */
  hang?: boolean;
}
export interface Request {
  path: string;
  page: string | null;
  lang: Lang;
  url: string;
}
export type Override = (request: Request, normal: Reply) => Reply | undefined;

const say = (lang: Lang, en: string, ar: string) => (lang === "ar" ? ar : en);
const PER_PAGE = 2;

function content(lang: Lang) {
  const news = [1, 2, 3, 4, 5].map((id) => ({
    id,
    title: say(lang, `News ${id}`, `خبر ${id}`),
    image: `/storage/news/${id}.jpg`,
    description: say(lang, "Short", "موجز"),
    created_at: `2024-0${id}-12T09:30:00.000000Z`,
  }));
  const completed = [7, 8, 9].map((id) => ({
    id,
    title: say(lang, `Project ${id}`, `مشروع ${id}`),
    client: say(lang, "City", "البلدية"),
    date: "2023-04-30",
    amount: id === 7 ? "12,500,000 SAR" : 12500000,
  }));
  const services = [1, 2].map((id) => ({
    id,
    title: say(lang, `Service ${id}`, `خدمة ${id}`),
    banner_image: "https://cdn.example.com/b.jpg",
    icon: "/storage/i.svg",
    white_icon: "",
    description: null,
    meta_title: say(lang, "Services", "الخدمات"),
  }));
  const extraPages = [10, "11"].map((id) => ({ id, title: say(lang, `Page ${id}`, `صفحة ${id}`) }));
  const lists: Record<string, unknown[]> = {
    "/api/homepage-banners": [
      { id: 1, image: "/storage/b1.jpg", title: say(lang, "Build", "نبني"), subtitle: null },
      { id: 2, image: null, title: say(lang, "Roads", "طرق") },
    ],
    "/api/extra-data": [
      { icon: "/i.svg", title: say(lang, "Years", "سنوات"), content: "30", index: 1 },
    ],
    "/api/about-homepage": [
      { title: say(lang, "About", "من نحن"), content: "<p>x</p>", image: "/a.jpg", extra: 1 },
    ],
    "/api/homepage-projects": [{ id: 7, title: say(lang, "Tower", "برج"), homeimage: "/t.jpg" }],
    "/api/homepage-services": [
      { id: 1, title: say(lang, "Design", "تصميم"), icon: "/i.svg", white_icon: "/w.svg" },
    ],
    "/api/services": services,
    "/api/extra-pages": extraPages,
    "/api/our_profile": [{ pdf_download_url: "/storage/profile.pdf" }],
    "/api/contact-info": [{ title: say(lang, "Phone", "الهاتف"), info: "+966 11 000 0000" }],
    "/api/footers": [{ facebook: "https://facebook.com/co", x: null }],
    "/api/latest-projects": [
      { id: 9, title: say(lang, "Bridge", "جسر"), homeimage: "/9.jpg", created_at: "2024-05-12" },
      { id: 8, title: say(lang, "Road", "طريق"), homeimage: "", created_at: "2024-01-02" },
    ],
    "/api/isos": [
      {
        title: say(lang, "ISO", "الأيزو"),
        banner_img: "/iso.jpg",
        iso_images: [{ image: "/1.jpg" }],
      },
    ],
    "/api/overviews": [
      {
        banner_image: "/o.jpg",
        content: say(lang, "<p>We</p>", "<p>نحن</p>"),
        overview_images: [],
      },
    ],
    "/api/news-page": [{ title: say(lang, "News", "الأخبار"), description: "d", image: "/n.jpg" }],
    "/api/project-pages": [{ description: say(lang, "Projects", "المشاريع"), image: "/p.jpg" }],
    "/api/hse": [{ title: say(lang, "HSE", "السلامة"), content: "<p/>", banner_image: "/h.jpg" }],
    "/api/equipment-pages": [{ title: say(lang, "Equipment", "المعدات"), banner_image: "/e.jpg" }],
    "/api/equipments": [
      { id: 1, title: say(lang, "Crane", "رافعة"), image: "/c.jpg", quantity: 3 },
    ],
  };
  const pagedLists: Record<string, unknown[]> = {
    "/api/news": news,
    "/api/Completed-projects": completed,
    "/api/NotCompleted-projects": [],
  };
  const details: Record<string, (id: string) => unknown> = {
    "/api/services/": (id) => {
      const s = services.find((x) => String(x.id) === id);
      return s && { ...s, content: say(lang, "<p>Service</p>", "<p>خدمة</p>") };
    },
    "/api/extra-pages/": (id) => {
      const p = extraPages.find((x) => String(x.id) === id);
      return p && { ...p, content: "<p>page</p>", image: null };
    },
    "/api/news/": (id) => {
      const n = news.find((x) => String(x.id) === id);
      return n && { ...n, content: "<p>story</p>", banner_image: "" };
    },
    "/api/projects/": (id) => {
      const p = completed.find((x) => String(x.id) === id);
      return (
        p && {
          projects: {
            id: p.id,
            title: p.title,
            image: "/storage/projects/p.jpg",
            image_content: "<p>html</p>",
            client: p.client,
            location: say(lang, "Riyadh", "الرياض"),
            date: p.date,
            project_images: [{ name: `/storage/projects/${p.id}/1.jpg` }],
          },
          other_projects: completed
            .filter((o) => o.id !== p.id)
            .map((o) => ({ id: o.id, title: o.title, homeimage: null })),
        }
      );
    },
  };
  return { lists, pagedLists, details };
}

/** The answer a conforming server gives. */
export function conforming({ path, page, lang }: Request): Reply {
  const { lists, pagedLists, details } = content(lang);
  const list = lists[path];
  if (list) return { body: { data: list } };
  const rows = pagedLists[path];
  if (rows) {
    const n = Math.max(1, Number.parseInt(page ?? "1", 10) || 1);
    const lastPage = Math.max(1, Math.ceil(rows.length / PER_PAGE));
    return {
      body: {
        data: {
          data: rows.slice((n - 1) * PER_PAGE, n * PER_PAGE),
          pagination: {
            current_page: n,
            last_page: lastPage,
            per_page: PER_PAGE,
            total: rows.length,
          },
        },
      },
    };
  }
  for (const [prefix, find] of Object.entries(details)) {
    if (!path.startsWith(prefix)) continue;
    const item = find(decodeURIComponent(path.slice(prefix.length)));
    return item ? { body: { data: item } } : { status: 404, body: { message: "Not found." } };
  }
  return { status: 404, body: { message: "Not found." } };
}

export interface TestServer {
  base: string;
  requests: { url: string; lang: string | undefined; accept: string | undefined }[];
  maxInFlight: number;
  stop(): Promise<void>;
}

export async function startServer(override?: Override, delayMs = 2): Promise<TestServer> {
  let inFlight = 0;
  const state: TestServer = { base: "", requests: [], maxInFlight: 0, stop: async () => {} };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const langHeader = req.headers.lang;
    const lang: Lang = langHeader === "ar" ? "ar" : "en";
    state.requests.push({
      url: req.url ?? "",
      lang: langHeader as string,
      accept: req.headers.accept,
    });
    const request: Request = {
      path: url.pathname,
      page: url.searchParams.get("page"),
      lang,
      url: req.url ?? "",
    };
    const normal = conforming(request);
    const reply = override?.(request, normal) ?? normal;
    if (reply.hang) return;
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(reply.status ?? 200, {
        "content-type": reply.contentType ?? "application/json; charset=utf-8",
      });
      res.end(reply.raw ?? JSON.stringify(reply.body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

export const line = (report: Report, path: string, lang: Lang): CallResult => {
  const found = report.results.find((r) => r.path === path && r.lang === lang);
  if (!found) throw new Error(`no line for ${path} [${lang}]`);
  return found;
};

const checkApiScript = fileURLToPath(new URL("../check-api.ts", import.meta.url));

export function runCli(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [checkApiScript, ...args], { stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The same server answering pages in API.md's flat form, `{ data: [...], pagination }`. */
export const flatPages: Override = (_request, normal) => {
  const page = (normal.body as { data?: { data?: unknown; pagination?: unknown } } | undefined)
    ?.data;
  return page && Array.isArray(page.data) && page.pagination
    ? { body: { data: page.data, pagination: page.pagination, links: {} } }
    : undefined;
};

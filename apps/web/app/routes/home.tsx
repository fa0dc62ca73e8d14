/**
 * `/:lang`: the home page (SPEC.md "Home page"): banner slider, extra-data strip, About Us,
 * latest projects, our services and latest news. Everything is loaded on the server in one
 * go, so the first paint is complete.
 */
import type { Language } from "@site/contract";
import { safeHtml } from "../../server/content/sanitize.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { Carousel } from "../components/carousel.tsx";
import { HeroSlider } from "../components/hero-slider.tsx";
import { ArrowNext } from "../components/icons.tsx";
import { LazyImage } from "../components/lazy-image.tsx";
import { NewsCard } from "../components/news-card.tsx";
import { ProjectCard } from "../components/project-card.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { ServiceCard } from "../components/service-card.tsx";
import { HeadingRule, largeHeading } from "../components/ui/section.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { useCompany } from "../shared/company.tsx";
import { HOME_CAROUSEL_MAX, newsCardOf, sortByIndex } from "../shared/content-rules.ts";
import { href } from "../shared/page-table.ts";
import { projectListPath, projectPath } from "../shared/projects.ts";
import { pageMeta } from "../shared/seo.ts";
import type { Route } from "./+types/home";

export function meta(args: Route.MetaArgs) {
  // The home page's own title is the site name, its own description the company's.
  const image = args.loaderData?.banners[0]?.image;
  return pageMeta(args, { record: args.loaderData?.about, image });
}

export async function loader(args: Route.LoaderArgs) {
  const { api, lang, optional } = pageContext(args);
  // The banners are the page; each strip below them degrades alone when the API fails for it.
  const [banners, extraData, abouts, projects, services, news] = await Promise.all([
    api.content("homeBanners", lang),
    optional((api) => api.content("extraData", lang), []),
    optional((api) => api.content("aboutHome", lang), []),
    optional((api) => api.content("homeProjects", lang), []),
    optional((api) => api.content("homeServices", lang), []),
    optional((api) => api.content("news", lang, { page: 1 }).then((page) => page.data), []),
  ]);
  const about = abouts[0];
  return {
    lang,
    banners,
    extraData: sortByIndex(extraData),
    // Under the block's own h2 ("About Arkan"): the text's headings start at h3.
    about: about
      ? { ...about, content: safeHtml(about.content, api.mediaUrl, { headingsFrom: 3 }) }
      : null,
    projects: projects
      .slice(0, HOME_CAROUSEL_MAX)
      .map(({ id, title, homeimage }) => ({ id, title, homeimage })),
    services,
    news: news.slice(0, HOME_CAROUSEL_MAX).map(newsCardOf),
  };
}

type HomeData = Route.ComponentProps["loaderData"];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const company = useCompany();
  const { lang, banners, extraData, about, projects, services, news } = loaderData;
  return (
    <>
      {banners.length > 0 ? (
        <>
          <h1 className="sr-only">{company.name}</h1>
          <HeroSlider banners={banners} />
        </>
      ) : (
        // No banners yet: the company's name where they would be, not an empty dark screen.
        <section className="bg-navy-950 px-4 pt-36 pb-20 text-center text-white sm:px-6">
          <h1 className="text-4xl leading-tight font-bold md:text-5xl">{company.name}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white/80">{company.shortDescription}</p>
        </section>
      )}
      <ExtraDataStrip items={extraData} />
      {about ? <AboutBlock about={about} lang={lang} /> : null}

      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
        <Carousel
          title={t("home.latestProjects")}
          testId="latest-projects"
          action={
            <ListLink
              href={projectListPath(lang, "completed")}
              label={t("nav.completedProjects")}
            />
          }
        >
          {projects.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              href={projectPath(lang, "completed", project.id)}
            />
          ))}
        </Carousel>
      </div>

      <ServicesGrid services={services} lang={lang} />

      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
        <Carousel
          title={t("home.latestNews")}
          testId="latest-news"
          action={<ListLink href={href("news", lang)} label={t("nav.news")} />}
        >
          {news.map((item) => (
            <NewsCard
              key={item.id}
              item={item}
              href={href("newsItem", lang, item.id)}
              headingLevel={3}
              moreOnHover
              imageKind="carouselWideCard"
            />
          ))}
        </Carousel>
      </div>
    </>
  );
}

function ExtraDataStrip({ items }: { items: HomeData["extraData"] }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="home-extra-data"
      data-testid="extra-data"
      className="focus-on-dark bg-navy-900 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {/* Named for screen readers and the outline; the items' titles are its sub-headings.
            Not "About Us": the next block is named so. */}
        <h2 id="home-extra-data" className="sr-only">
          {t("home.atAGlance")}
        </h2>
        {/* Between lg and xl, four columns leave a title beside its icon too little room: the
            icon goes above it. */}
        {items.length === 0 ? (
          <p className="text-center text-white/80">{t("common.noData")}</p>
        ) : (
          <ul className="grid gap-8 wrap-anywhere sm:grid-cols-2 lg:grid-cols-4">
            {items.map((item) => (
              <li
                key={`${item.index}-${item.title}`}
                data-testid="extra-data-item"
                className="flex items-start gap-4 lg:max-xl:flex-col lg:max-xl:gap-3"
              >
                <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white">
                  <LazyImage
                    src={item.icon}
                    alt=""
                    kind="smallIcon"
                    className="size-8 object-contain"
                  />
                </span>
                <div className="min-w-0">
                  <h3 className="text-xl font-bold text-amber-brand">{item.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-white/80">{item.content}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function AboutBlock({ about, lang }: { about: NonNullable<HomeData["about"]>; lang: Language }) {
  const { t } = useTranslation();
  return (
    // No bottom padding: the latest projects below, on the same white, give the gap.
    <section aria-labelledby="home-about" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 md:pt-20">
      {/* Side by side from lg: at tablet widths the text ran long beside a small image. */}
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="relative">
          <span
            aria-hidden="true"
            className="absolute -inset-0 translate-x-3 translate-y-3 rounded-2xl border-2 border-amber-brand rtl:-translate-x-3"
          />
          <LazyImage
            src={about.image}
            // Its title is the heading beside it: not said twice.
            alt=""
            kind="feature"
            className="relative aspect-[4/3] w-full rounded-2xl object-cover shadow-xl"
          />
        </div>
        <div className="min-w-0">
          <p className="text-sm font-semibold text-steel-600 latin:tracking-widest latin:uppercase">
            {t("home.aboutUs")}
          </p>
          <h2 id="home-about" className={`mt-2 ${largeHeading}`}>
            {about.title}
          </h2>
          <RichContent html={about.content} className="mt-4" />
          <a
            href={href("overview", lang)}
            className="mt-6 inline-flex items-center gap-2 rounded-full bg-navy-900 px-6 py-3 text-sm font-semibold text-white transition-colors hover:bg-steel-600"
          >
            {t("home.aboutMore")}
            <ArrowNext size={18} />
          </a>
        </div>
      </div>
    </section>
  );
}

function ServicesGrid({ services, lang }: { services: HomeData["services"]; lang: Language }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-services" className="bg-sand-100">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
        <h2 id="home-services" className={`mb-10 ${largeHeading}`}>
          <HeadingRule />
          {t("home.ourServices")}
        </h2>
        {services.length === 0 ? (
          <p className="text-slate-500">{t("common.noData")}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-4">
            {services.map((service) => (
              <li key={service.id}>
                <ServiceCard lang={lang} service={service} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The link beside a carousel's buttons to the whole list it shows the latest of. */
function ListLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      // A 36 px tall target beside the 44 px buttons.
      className="me-2 inline-block py-2 text-sm font-semibold text-steel-600 hover:underline latin:underline-offset-4"
    >
      {label}
    </a>
  );
}

/**
 * The footer (SPEC.md "Shared layout"): company block, Contact Us pairs, the three latest
 * projects, and a bottom bar with copyright and the social links that exist.
 */
import type {
  ContactInfoItem,
  Footer as FooterLinks,
  Language,
  LatestProject,
} from "@site/contract";
import { useTranslation } from "../i18n/use-translation.ts";
import { useCompany } from "../shared/company.tsx";
import { href } from "../shared/page-table.ts";
import { truncate } from "../shared/text.ts";
import { ContactInfoList } from "./contact-info.tsx";
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from "./icons.tsx";
import { LazyImage } from "./lazy-image.tsx";
import { Logo } from "./logo.tsx";
import { DateText } from "./ui/date-text.tsx";

/** SPEC.md section 9: three latest projects, titles cut to 60 characters, icons 25 px. */
const FOOTER_PROJECTS = 3;
const TITLE_LENGTH = 60;
const SOCIAL_ICON_SIZE = 25;

const socialNetworks = [
  { key: "facebook", Icon: FacebookIcon },
  { key: "youtube", Icon: YoutubeIcon },
  { key: "instagram", Icon: InstagramIcon },
  { key: "x", Icon: XIcon },
] as const;

export interface FooterData {
  contactInfo: ContactInfoItem[];
  latestProjects: LatestProject[];
  social: FooterLinks | null;
}

export function Footer({ lang, data }: { lang: Language; data: FooterData }) {
  const { t } = useTranslation();
  const company = useCompany();
  const year = new Date().getFullYear();
  const social = socialNetworks.filter(({ key }) => data.social?.[key]?.trim());

  return (
    <footer
      dir={lang === "en" ? "ltr" : "rtl"}
      // `wrap-anywhere`: a word longer than its column (a title, an address from the API)
      // breaks rather than widening the page.
      className="focus-on-dark bg-navy-950 text-white/80 wrap-anywhere print:hidden"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-3">
        <section aria-labelledby="footer-about">
          <div className="flex items-center gap-3">
            <Logo className="size-12" />
            <div>
              <h2 id="footer-about" className="text-lg font-bold text-white">
                {company.name}
              </h2>
              <p className="text-sm text-amber-brand">{company.shortDescription}</p>
            </div>
          </div>
          <p className="mt-5 text-sm leading-7">{company.longDescription}</p>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-5 text-lg font-bold text-white">
            {t("footer.contactUs")}
          </h2>
          <ContactInfoList
            items={data.contactInfo}
            empty={
              <a href={href("contact", lang)} className="underline hover:text-amber-brand">
                {t("footer.writeToUs")}
              </a>
            }
          />
        </section>

        {/* Two columns at tablet widths: the latest projects take the second row whole. */}
        <section aria-labelledby="footer-projects" className="md:col-span-2 lg:col-span-1">
          <h2 id="footer-projects" className="mb-5 text-lg font-bold text-white">
            {t("footer.latestProjects")}
          </h2>
          {data.latestProjects.length === 0 ? (
            <p className="text-sm">{t("footer.noProjects")}</p>
          ) : (
            <ul className="space-y-4" data-testid="footer-projects">
              {data.latestProjects.slice(0, FOOTER_PROJECTS).map((project) => (
                <li key={project.id}>
                  <a
                    href={href("completedProject", lang, project.id)}
                    className="group flex items-center gap-4"
                  >
                    {/* The link says the title beside it: the picture adds nothing to its name. */}
                    <LazyImage
                      src={project.homeimage}
                      alt=""
                      kind="thumb"
                      className="size-14 shrink-0 rounded-full object-cover ring-2 ring-white/20 transition group-hover:ring-amber-brand"
                    />
                    <span>
                      <span className="block text-sm font-medium text-white group-hover:text-amber-brand">
                        {truncate(project.title, TITLE_LENGTH)}
                      </span>
                      <DateText value={project.created_at} className="text-xs text-white/60" />
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm sm:flex-row sm:px-6">
          <p>{t("footer.copyright", { year, name: company.legalName })}</p>
          {social.length > 0 ? (
            <ul className="flex items-center gap-4" aria-label={t("footer.followUs")}>
              {social.map(({ key, Icon }) => (
                <li key={key}>
                  <a
                    href={data.social?.[key] ?? ""}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block text-white/80 transition hover:text-amber-brand"
                    data-social={key}
                  >
                    <Icon size={SOCIAL_ICON_SIZE} />
                    <span className="sr-only">
                      {t(`footer.social.${key}`)} {t("footer.opensInNewTab")}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

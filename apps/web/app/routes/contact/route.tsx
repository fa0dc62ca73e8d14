import { newFormSession, submitContact } from "../../../server/contact/submit-contact.server.ts";
import { visitorContext } from "../../../server/request-context.server.ts";
import { pageContext } from "../../../server/site-context.server.ts";
import { TranslatedContactForm } from "../../components/contact-form.tsx";
import { ContactInfoList } from "../../components/contact-info.tsx";
import { PageBanner } from "../../components/page-banner.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { pageMeta } from "../../shared/seo.ts";
import type { Route } from "./+types/route";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    titleKey: "contact.title",
    image: args.loaderData?.bannerImage,
  });
}

/** Each view carries its own form session (idempotency key, fill time): never shared. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  const { contact, lang, optional } = pageContext(args);
  const [contactInfo, bannerImage] = await Promise.all([
    // The form works without the details (the outbox keeps a message while the API is down):
    // the page says to use it instead.
    optional((api) => api.content("contactInfo", lang), []),
    // The banner borrows the projects page's image; the page works without it.
    optional(
      (api) =>
        api
          .firstOf("projectPages", lang, { description: "", image: null })
          .then((page) => page.image || null),
      null,
    ),
  ]);
  return { lang, contactInfo, bannerImage, session: newFormSession(contact) };
}

export async function action(args: Route.ActionArgs) {
  const { contact, lang } = pageContext(args);
  return submitContact(args.request, lang, args.context.get(visitorContext), contact);
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, contactInfo, bannerImage, session } = loaderData;
  return (
    <>
      <PageBanner title={t("contact.title")} image={bannerImage} />
      <section className="bg-sand-100/60 py-14 md:py-20">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-5 lg:gap-10">
          <aside
            aria-labelledby="contact-info-heading"
            className="self-start rounded-2xl bg-white p-6 shadow-xl shadow-navy-900/5 ring-1 ring-navy-900/5 sm:p-8 md:p-10 lg:col-span-2"
          >
            <h2 id="contact-info-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
              {t("contact.infoHeading")}
            </h2>
            <span aria-hidden="true" className="mt-3 block h-1 w-14 rounded-full bg-amber-brand" />
            <ContactInfoList
              items={contactInfo}
              tone="light"
              className="mt-8"
              empty={t("contact.noDetails")}
            />
          </aside>
          <div className="lg:col-span-3">
            <TranslatedContactForm lang={lang} session={session} result={actionData} />
          </div>
        </div>
      </section>
    </>
  );
}

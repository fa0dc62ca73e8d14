/**
 * The contact page's form, translated: the island (islands/contact-form.tsx, the form itself)
 * given its texts in the page's language, this view's form session, and the action's answer
 * when the page answers a post.
 */
import type { Language } from "@site/contract/languages";
import { useTranslation } from "../i18n/use-translation.ts";
import { ContactFormIsland } from "../islands/contact-form.tsx";
import type { ContactResult } from "../shared/contact-form.ts";
import { contactSendHref } from "../shared/page-table.ts";

export function TranslatedContactForm({
  lang,
  session,
  result,
}: {
  lang: Language;
  session: { key: string; token: string };
  result: ContactResult | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ContactFormIsland
      lang={lang}
      sendTo={contactSendHref(lang)}
      session={session}
      result={result}
      texts={{
        heading: t("contact.formHeading"),
        required: t("contact.required"),
        labels: {
          name: t("contact.name"),
          email: t("contact.email"),
          phone: t("contact.phone"),
          subject: t("contact.subject"),
          message: t("contact.message"),
        },
        honeypot: t("contact.honeypot"),
        send: t("contact.send"),
        sending: t("contact.sending"),
        fixErrors: t("contact.fixErrors"),
        outcomes: {
          sent: t("contact.success"),
          queued: t("contact.queued"),
          rateLimited: t("contact.rateLimited"),
          tooLarge: t("contact.tooLarge"),
          failed: t("contact.failed"),
        },
      }}
    />
  );
}

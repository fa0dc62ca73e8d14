import type { SafeHtml } from "../../server/content/sanitize.server.ts";
import { useTranslation } from "../i18n/use-translation.ts";

/**
 * Editor HTML, already sanitised on the server (`safeHtml`). Shows 'No data here' when
 * the content is missing or empty.
 */
export function RichContent({
  html,
  className = "",
}: {
  html: SafeHtml | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!html?.trim()) return <p className="text-slate-500">{t("common.noDataHere")}</p>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by safeHtml() on the server
  return <div className={`rich-content ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

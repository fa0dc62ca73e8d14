import { useTranslation } from "../i18n/use-translation.ts";
import { DownloadIcon } from "./icons.tsx";
import { currentPage, isActive, type NavLink } from "./navigation.ts";

/**
 * A sub-menu's list (desktop dropdown or phone menu), hidden by a class until its button, the
 * list's previous sibling, is expanded: a class, not the hidden attribute, so the rules for
 * pages without scripts can show it. `data-*` name it for the page script's menus.
 */
export function SubmenuList({
  links,
  pathname,
  className,
  linkClassName,
  colors,
  ...attributes
}: {
  links: NavLink[];
  pathname: string;
  className: string;
  linkClassName: string;
  colors: { idle: string; current: string };
  id: string;
  "data-dropdown"?: boolean;
  "data-submenu"?: boolean;
}) {
  return (
    <ul className={`hidden peer-aria-expanded:block ${className}`} {...attributes}>
      {links.map((child) => (
        <li key={child.key}>
          <SubmenuLink link={child} pathname={pathname} className={linkClassName} colors={colors} />
        </li>
      ))}
    </ul>
  );
}

/** An entry of a sub-menu (desktop dropdown or phone menu); the company profile downloads. */
export function SubmenuLink({
  link,
  pathname,
  className,
  colors,
}: {
  link: NavLink;
  pathname: string;
  className: string;
  /** Text colours of an entry and of the current page's entry (they differ by surface). */
  colors: { idle: string; current: string };
}) {
  const { t } = useTranslation();
  if (link.download) {
    return (
      <a
        href={link.download}
        download
        className={`${className} ${colors.idle} inline-flex w-full items-center justify-between gap-3`}
      >
        <span>{link.label}</span>
        <DownloadIcon size={16} aria-hidden="true" />
        <span className="sr-only">({t("nav.companyProfileHint")})</span>
      </a>
    );
  }
  const active = isActive(link, pathname);
  return (
    <a
      href={link.to ?? "#"}
      className={`${className} ${active ? `font-semibold ${colors.current}` : colors.idle}`}
      aria-current={currentPage(link, pathname)}
    >
      {link.label}
    </a>
  );
}

import { useTranslation } from "../i18n/use-translation.ts";
import { DownloadIcon } from "./icons.tsx";
import { activeEntry, ariaCurrent, type NavLink } from "./navigation.ts";

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
  const active = activeEntry(links, pathname);
  return (
    <ul className={`hidden peer-aria-expanded:block ${className}`} {...attributes}>
      {links.map((child) => (
        <li key={child.key}>
          <SubmenuLink
            link={child}
            pathname={pathname}
            active={child === active}
            className={linkClassName}
            colors={colors}
          />
        </li>
      ))}
    </ul>
  );
}

/** An entry of a sub-menu (desktop dropdown or phone menu); the company profile downloads. */
function SubmenuLink({
  link,
  pathname,
  active,
  className,
  colors,
}: {
  link: NavLink;
  pathname: string;
  /** Highlighted: the page shown, or the one its sub-menu places it under (`activeEntry`). */
  active: boolean;
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
        className={`${className} ${colors.idle} flex items-center justify-between gap-3`}
      >
        <span>{link.label}</span>
        <DownloadIcon size={16} aria-hidden="true" />
        <span className="sr-only">({t("nav.companyProfileHint")})</span>
      </a>
    );
  }
  return (
    <a
      href={link.to ?? "#"}
      className={`${className} block ${active ? `font-semibold ${colors.current}` : colors.idle}`}
      aria-current={ariaCurrent(link, pathname, active)}
    >
      {link.label}
    </a>
  );
}

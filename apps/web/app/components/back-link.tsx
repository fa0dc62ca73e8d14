/** The link above a detail page's content back to its list ("Completed Projects", "News"). */
import { ChevronPrevious } from "./icons.tsx";

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      // Padded to a 28 px target (WCAG 2.5.8), the padding taken back from the layout.
      className="-my-1 inline-flex items-center gap-1 py-1 text-sm font-semibold text-steel-600 hover:text-navy-900"
    >
      <ChevronPrevious size={16} />
      {label}
    </a>
  );
}

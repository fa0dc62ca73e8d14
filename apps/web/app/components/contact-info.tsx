/** The company's contact details (title/info pairs); phones and e-mail become links. */
import type { ContactInfoItem } from "@site/contract";
import type { ReactNode } from "react";
import { contactKind } from "../shared/contact-kind.ts";
import { keepNumbersWithUnits } from "../shared/text.ts";
import { ClockIcon, FaxIcon, MailIcon, PhoneIcon, PinIcon } from "./icons.tsx";

const icons = {
  email: MailIcon,
  phone: PhoneIcon,
  fax: FaxIcon,
  hours: ClockIcon,
  address: PinIcon,
};

export function ContactInfoList({
  items,
  className = "",
  tone = "dark",
  empty,
}: {
  items: ContactInfoItem[];
  className?: string;
  /** Shown when the company gives no details (where to write instead). */
  empty: ReactNode;
  /** `dark`: light text on the navy footer; `light`: dark text on white. */
  tone?: "dark" | "light";
}) {
  const muted = tone === "dark" ? "text-white/70" : "text-slate-500";
  const strong = tone === "dark" ? "text-white" : "text-navy-900";
  // A detail without its value (a title alone, or nothing) says nothing: it is left out.
  const shown = items.filter((item) => item.info.trim() !== "");
  if (shown.length === 0) return <p className={`text-sm ${muted} ${className}`}>{empty}</p>;
  return (
    <ul className={`space-y-4 wrap-anywhere ${className}`}>
      {shown.map((item, index) => {
        const info = item.info.trim();
        const kind = contactKind(item);
        const Icon = icons[kind];
        const href =
          kind === "email"
            ? `mailto:${info}`
            : kind === "phone"
              ? `tel:${info.replace(/[^\d+]/g, "")}`
              : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and never reorder
          <li key={index} className="flex gap-3">
            <Icon size={20} className="mt-0.5 shrink-0 text-amber-brand" />
            <div>
              <p className={`text-sm ${muted}`}>{item.title}</p>
              {/* An editor's line breaks stay ("Sun–Thu 8:00–17:00" / "Fri closed"). */}
              <p className={`font-medium whitespace-pre-line ${strong}`}>
                {href ? (
                  // A box 24 px tall or more: a target a finger can take (WCAG 2.5.8).
                  <a
                    href={href}
                    dir="ltr"
                    // The address whole: its parts' boxes made "info@ arkan .example" of the
                    // name browsers computed (WCAG 2.5.3, a speech user says the address).
                    aria-label={kind === "email" ? info : undefined}
                    className="group inline-block py-0.5 hover:text-amber-brand hover:underline"
                  >
                    {kind === "email" ? <EmailAddress address={info} /> : info}
                  </a>
                ) : kind === "fax" ? (
                  // A number, not a link: a call to it reaches a fax machine.
                  <span dir="ltr" className="inline-block py-0.5">
                    {info}
                  </span>
                ) : (
                  keepNumbersWithUnits(info)
                )}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * An e-mail address that wraps only after its "@" or before a ".": a line ending at its own
 * hyphen ("info@arkan-" / "contracting.example") reads as a word cut in two. Each part is a box
 * of its own, which breaks inside only when it is wider than the line. The text copied is the
 * address as written; the underline is drawn on each part, as a box does not inherit it.
 */
function EmailAddress({ address }: { address: string }) {
  return address.split(/(?<=@)|(?=\.)/).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <span key={index} className="inline-block max-w-full wrap-anywhere group-hover:underline">
      {part}
    </span>
  ));
}

/**
 * What one of the company's contact details is. API.md gives title and value pairs only
 * (`{ title: "Fax", info: "+966 11 000 0011" }`), so it is told by the value, and a fax from a
 * phone by its title (an editor's label, in either language). One reading for the contact lists
 * (icon and link) and the structured data.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * Digits with the usual separators, seven or more: a number to dial. Not a slash: "… 5678 /
 * 5679" is two numbers, which one link would dial as one.
 */
const PHONE = /^\+?[\d\s().-]{7,}$/;
const HOURS = /\d{1,2}:\d{2}/;
/** A title naming a fax line: "Fax", "Fax number", "الفاكس", "فاكس". */
const FAX = /fax|فاكس/i;

export type ContactKind = "email" | "phone" | "fax" | "hours" | "address";

export function contactKind({ title, info }: { title?: string | null; info: string }): ContactKind {
  const value = info.trim();
  if (EMAIL.test(value)) return "email";
  if (PHONE.test(value)) return FAX.test(title ?? "") ? "fax" : "phone";
  if (HOURS.test(value)) return "hours";
  return "address";
}

/**
 * The company the site speaks for, in the page's language: name, descriptions and logo. It
 * comes from the company file (COMPANY_FILE, read by `company.server.ts`) through the
 * language layout's loader, so no interface string names a company.
 */
import { createContext, useContext } from "react";

export interface Company {
  name: string;
  /** The name where space is short (under an installed site's icon). */
  shortName: string;
  shortDescription: string;
  longDescription: string;
  /** Full legal name, for the copyright line. */
  legalName: string;
  /** Logo URL: a path of this site (`/logo.svg`) or an absolute URL. */
  logo: string;
}

const CompanyContext = createContext<Company | null>(null);

export const CompanyProvider = CompanyContext.Provider;

/** The company, inside the language layout. */
export function useCompany(): Company {
  const company = useContext(CompanyContext);
  if (!company) throw new Error("useCompany() is used outside the language layout");
  return company;
}

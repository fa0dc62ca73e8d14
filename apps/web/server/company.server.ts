/**
 * Reads and checks the company file (COMPANY_FILE, default `apps/web/company.json`) once.
 * A missing or wrong file stops the start with one line naming the field.
 */
import fs from "node:fs";
import type { Language } from "@site/contract";
import { z } from "zod";
import type { Company } from "../app/shared/company.tsx";

const text = z.string().trim().min(1, "must not be empty");
const perLanguage = z.object({ en: text, ar: text });
const url = z
  .string()
  .regex(/^(\/[^/]|https?:\/\/)/, "must be a path of the site (/logo.svg) or an http(s) URL");

const companyFile = z.object({
  name: perLanguage,
  /** For small spaces (an installed site's icon label); the name when absent. */
  shortName: perLanguage.optional(),
  shortDescription: perLanguage,
  longDescription: perLanguage,
  legalName: perLanguage,
  logo: url,
  // An older file's `shareImage` is dropped unread: pages without an image of their own get a
  // card drawn in their language (server/images/social-card.ts).
});

export type CompanyFile = z.infer<typeof companyFile>;

export class CompanyFileError extends Error {}

/** Parses a company file's text; throws a CompanyFileError of one line. */
export function parseCompanyFile(json: string, source: string): CompanyFile {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new CompanyFileError(`Company file ${source} is not JSON: ${(error as Error).message}`);
  }
  const result = companyFile.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  throw new CompanyFileError(`Company file ${source}: ${problems.join("; ")}`);
}

/** Reads and checks the company file at `file` (COMPANY_FILE); once, at start. */
export function readCompanyFile(file: string): CompanyFile {
  let json: string;
  try {
    json = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new CompanyFileError(
      `Company file ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
  return parseCompanyFile(json, file);
}

/** The company in one language, as pages show it. */
export function companyIn(lang: Language, file: CompanyFile): Company {
  return {
    name: file.name[lang],
    shortName: file.shortName?.[lang] ?? file.name[lang],
    shortDescription: file.shortDescription[lang],
    longDescription: file.longDescription[lang],
    legalName: file.legalName[lang],
    logo: file.logo,
  };
}

import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { i18n, type Lang } from "./content.ts";
import { e2eDataDir } from "./env.ts";
import { heading } from "./page-checks.ts";
import { expect, type Page, scriptsReady } from "./test.ts";

export const behaviourOnly = "server and form behaviour, the same at every width";

/** The shared test server's API database (e2e/support/serve.ts). */
export const sharedApiDb = path.join(e2eDataDir, "content.sqlite");

export interface Typed {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

let serial = 0;
export function typed(lang: Lang, tag: string): Typed {
  const marker = `${tag}-${process.pid}-${Date.now()}-${++serial}`;
  return lang === "ar"
    ? {
        name: "سارة أحمد",
        email: "sara.ahmed@example.com",
        phone: "+966 50 123 4567",
        subject: "استفسار عن مناقصة",
        // Two lines: they must reach the API as typed, with `\n` (a form post sends `\r\n`).
        message: `نرغب في مناقشة مشروع مدرسة جديدة.\nالسطر الثاني ${marker}`,
      }
    : {
        name: "Sarah Ahmed",
        email: "sarah.ahmed@example.com",
        phone: "+966 50 123 4567",
        subject: "Tender enquiry",
        message: `We would like to discuss a new school project.\nSecond line ${marker}`,
      };
}

/** Messages stored by the API whose text contains `text` (the API's DB, opened read-only). */
export function stored(databasePath: string, text: string) {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    return db
      .prepare(
        "SELECT name, email, phone, subject, message, lang FROM contact_messages WHERE message = ?",
      )
      .all(text)
      .map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

export const form = (page: Page) => page.locator('form[aria-labelledby="contact-form-heading"]');
export const submitButton = (page: Page) => form(page).locator('button[type="submit"]');
export const field = (page: Page, name: keyof Typed) => page.locator(`#contact-${name}`);

export async function open(page: Page, lang: Lang, base = "") {
  await page.goto(`${base}/${lang}/contactUs`);
  await expect(heading(page)).toHaveText(i18n[lang]["contact.title"]);
}

/** Opens the contact page and waits until its form is live. */
export async function openLive(page: Page, lang: Lang, base = "") {
  await open(page, lang, base);
  await checksStarted(page);
}

/** Fills the form with `values` and presses its button. */
export async function send(page: Page, values: Partial<Typed>) {
  await fill(page, values);
  await submitButton(page).click();
}

/** Waits until the form is live (app/islands/contact-form.tsx). */
export async function checksStarted(page: Page) {
  await scriptsReady(page);
}

export async function fill(page: Page, values: Partial<Typed>) {
  for (const [name, value] of Object.entries(values)) {
    await field(page, name as keyof Typed).fill(value);
  }
}

export async function expectValues(page: Page, values: Partial<Typed>) {
  for (const [name, value] of Object.entries(values)) {
    await expect(field(page, name as keyof Typed)).toHaveValue(value);
  }
}

export const expectStoredOnce = async (databasePath: string, values: Typed, lang: Lang) =>
  expect.poll(() => stored(databasePath, values.message)).toEqual([{ ...values, lang }]);

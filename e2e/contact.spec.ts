import { contactLimits, contactMessages } from "@site/contract";
import {
  behaviourOnly,
  expectStoredOnce,
  expectValues,
  field,
  fill,
  form,
  open,
  openLive,
  send,
  sharedApiDb,
  stored,
  submitButton,
  type Typed,
  typed,
} from "./support/contact-form.ts";
import { apiData, i18n, languages } from "./support/content.ts";
import { seriousViolations } from "./support/page-checks.ts";
import { expect, test } from "./support/test.ts";

for (const lang of languages) {
  const t = i18n[lang];
  const m = contactMessages[lang];

  test.describe(`/${lang}/contactUs`, () => {
    // One load of the page: what it shows, then an empty submit and, with its errors shown,
    // the layout and axe.
    test("shows the banner, the contact details with links, and an accessible form; an empty submit shows the three messages and focuses the name field; with them shown it mirrors in Arabic, fits the screen and has no serious or critical axe violation", async ({
      page,
    }, testInfo) => {
      await openLive(page, lang);
      await expect(page).toHaveTitle(new RegExp(`^${t["contact.title"]} \\|`));
      const main = page.locator("main");
      await expect(
        main.getByRole("heading", { level: 2, name: t["contact.infoHeading"] }),
      ).toBeVisible();
      await expect(
        main.getByRole("heading", { level: 2, name: t["contact.formHeading"] }),
      ).toBeVisible();
      const details = main.locator("aside");
      await expect(details.locator('a[href^="tel:+"]').first()).toBeVisible();
      const email = details.locator('a[href^="mailto:"]');
      await expect(email).toHaveAttribute("href", /^mailto:\S+@\S+$/);
      // Named by the address whole, as it reads (its parts are boxes of their own: WCAG 2.5.3).
      const address = (await email.getAttribute("href"))?.slice("mailto:".length) ?? "";
      await expect(email).toHaveAccessibleName(address);
      // A fax line (told by its title) is shown, not offered as a call.
      const fax = (
        await apiData<{ title: string; info: string }[]>("/api/contact-info", lang)
      ).find((detail) => /fax|فاكس/i.test(detail.title));
      if (fax) {
        const line = details.getByRole("listitem").filter({ hasText: fax.title });
        await expect(line).toContainText(fax.info.trim());
        await expect(line.getByRole("link")).toHaveCount(0);
      }

      const specs: [keyof Typed, boolean, string | null, string | null][] = [
        ["name", true, "text", "name"],
        ["email", true, "email", "email"],
        ["phone", false, "tel", "tel"],
        ["subject", false, "text", null],
        ["message", true, null, null],
      ];
      for (const [name, required, type, autocomplete] of specs) {
        const input = page.getByRole("textbox", { name: t[`contact.${name}`], exact: true });
        await expect(input).toHaveAttribute("id", `contact-${name}`);
        await expect(input).toHaveAttribute("maxlength", String(contactLimits[name]));
        if (type) await expect(input).toHaveAttribute("type", type);
        if (autocomplete) await expect(input).toHaveAttribute("autocomplete", autocomplete);
        const label = page.locator(`label[for="contact-${name}"]`);
        if (required) {
          // The native attribute is what screen readers announce; no aria-required repeats it.
          await expect(input).toHaveAttribute("required", "");
          await expect(input).not.toHaveAttribute("aria-required");
          await expect(label.locator('[aria-hidden="true"]')).toHaveText("*");
        } else {
          await expect(input).not.toHaveAttribute("required");
          await expect(label).not.toContainText("*");
        }
      }
      await expect(field(page, "email")).toHaveAttribute("dir", "ltr");
      await expect(field(page, "phone")).toHaveAttribute("dir", "ltr");
      // Left to right, on the side the page's text starts from: the right in Arabic.
      await expect(field(page, "phone")).toHaveCSS("text-align", lang === "ar" ? "end" : "start");
      await expect(form(page)).toHaveAttribute("novalidate", "");
      await expect(submitButton(page)).toHaveText(t["contact.send"]);

      const honeypot = page.getByLabel(t["contact.honeypot"]);
      await expect(honeypot).toHaveAttribute("tabindex", "-1");
      await expect(honeypot).toHaveAttribute("autocomplete", "off");
      // Out of sight and out of the accessibility tree.
      const trap = page.locator('[aria-hidden="true"]:has(> #contact-website)');
      await expect(trap).toHaveCSS("width", "1px");
      await expect(trap).toHaveCSS("overflow", "hidden");

      await test.step("an empty submit shows the three messages and focuses the name field", async () => {
        await submitButton(page).click();
        const expected: [keyof Typed, string][] = [
          ["name", m.nameRequired],
          ["email", m.emailRequired],
          ["message", m.messageRequired],
        ];
        for (const [name, message] of expected) {
          const input = field(page, name);
          await expect(input).toHaveAttribute("aria-invalid", "true");
          await expect(input).toHaveAccessibleDescription(message);
        }
        await expect(field(page, "name")).toBeFocused();
        await expect(field(page, "phone")).not.toHaveAttribute("aria-invalid");
        await expect(page.getByRole("alert")).toHaveText(t["contact.fixErrors"]);
      });

      await test.step("with the errors shown: mirrors in Arabic and fits the screen", async () => {
        await expect(field(page, "name")).toBeFocused();
        const geometry = await page.evaluate(() => {
          const box = (selector: string) => {
            const element = document.querySelector(selector);
            if (!element) throw new Error(`${selector} not found`);
            return element.getBoundingClientRect();
          };
          const label = document.querySelector('label[for="contact-name"]');
          const range = document.createRange();
          if (label?.firstChild) range.selectNodeContents(label.firstChild);
          const text = range.getBoundingClientRect();
          return {
            text: { left: text.left, right: text.right },
            star: box('label[for="contact-name"] [aria-hidden="true"]'),
            input: box("#contact-name"),
            email: box("#contact-email"),
            error: box("#contact-name-error"),
            button: box('form[aria-labelledby="contact-form-heading"] button[type="submit"]'),
            message: box("#contact-message"),
            overflow: document.documentElement.scrollWidth - window.innerWidth,
          };
        });
        expect(geometry.overflow).toBeLessThanOrEqual(0);
        if (lang === "en") {
          expect(geometry.star.left).toBeGreaterThanOrEqual(geometry.text.right - 1);
          expect(Math.abs(geometry.error.left - geometry.input.left)).toBeLessThan(2);
          expect(Math.abs(geometry.button.left - geometry.message.left)).toBeLessThan(2);
        } else {
          expect(geometry.star.right).toBeLessThanOrEqual(geometry.text.left + 1);
          expect(Math.abs(geometry.error.right - geometry.input.right)).toBeLessThan(2);
          expect(Math.abs(geometry.button.right - geometry.message.right)).toBeLessThan(2);
        }
        if (testInfo.project.name === "phone") {
          expect(geometry.email.top).toBeGreaterThan(geometry.input.bottom); // one column
        } else {
          expect(Math.abs(geometry.email.top - geometry.input.top)).toBeLessThan(2); // side by side
          if (lang === "en") expect(geometry.email.left).toBeGreaterThan(geometry.input.right);
          else expect(geometry.email.right).toBeLessThan(geometry.input.left);
        }
      });

      await test.step("with the errors shown: no serious or critical axe violations", async () => {
        expect(await seriousViolations(page, "main")).toEqual([]);
      });
    });

    test.describe("the form's behaviour", () => {
      test.skip(({ isMobile }) => isMobile, behaviourOnly);
      test.beforeEach(async ({ page }) => openLive(page, lang));

      test("an invalid e-mail shows its message and keeps everything typed", async ({ page }) => {
        const values = { ...typed(lang, "invalid-email"), email: "sarah.example.com" };
        await send(page, values);
        await expect(field(page, "email")).toHaveAccessibleDescription(m.emailInvalid);
        await expect(field(page, "email")).toBeFocused();
        await expect(field(page, "name")).not.toHaveAttribute("aria-invalid");
        await expectValues(page, values);
        expect(stored(sharedApiDb, values.message)).toEqual([]);

        // Left as it was, or still wrong, the message stays; corrected, it goes as the
        // visitor leaves the field, and the alert with it.
        const email = field(page, "email");
        await email.blur();
        await expect(email).toHaveAttribute("aria-invalid", "true");
        await email.fill("sarah@");
        await email.blur();
        await expect(email).toHaveAccessibleDescription(m.emailInvalid);
        await expect(page.getByRole("alert")).toHaveText(t["contact.fixErrors"]);
        await email.fill("sarah@example.com");
        await email.blur();
        await expect(email).not.toHaveAttribute("aria-invalid");
        await expect(email).toHaveAccessibleDescription("");
        await expect(page.getByRole("alert")).toHaveText("");
      });

      test("on a short window (a zoomed screen), the first invalid field and all its message are in view", async ({
        page,
      }) => {
        for (const [width, height] of [
          [640, 400],
          [320, 256],
        ] as const) {
          await page.setViewportSize({ width, height });
          await openLive(page, lang);
          await submitButton(page).click();
          await expect(field(page, "name")).toBeFocused();
          const message = page.locator("#contact-name-error");
          await expect(message).toHaveText(m.nameRequired);
          // Whole, but for a fraction of a pixel of rounding.
          await expect(message, `${width} × ${height}`).toBeInViewport({ ratio: 0.95 });
        }
      });

      test("corrected in its field and sent with one click: the click is not lost as the messages go", async ({
        page,
      }) => {
        const values = typed(lang, "one-click");
        await send(page, { ...values, email: "sarah.example.com" });
        const email = field(page, "email");
        await expect(email).toBeFocused();
        await email.fill(values.email);
        // Pressing the button leaves the field: its message and the alert go only once the
        // press is over, so the button is still under the pointer when the click comes.
        await submitButton(page).click();
        await expect(
          page.getByRole("status").filter({ hasText: t["contact.success"] }),
        ).toBeVisible();
        await expectStoredOnce(sharedApiDb, values, lang);
      });

      test("a valid message reaches the API exactly as typed, and the form is cleared", async ({
        page,
      }) => {
        const values = typed(lang, "valid");
        await fill(page, values);
        // Sent with `fetch` to the action's JSON address: the page stays.
        let navigated = false;
        page.on("framenavigated", (frame) => {
          if (frame === page.mainFrame()) navigated = true;
        });
        const [request] = await Promise.all([
          page.waitForRequest((r) => r.method() === "POST"),
          submitButton(page).click(),
        ]);
        expect(new URL(request.url()).pathname).toBe(`/${lang}/contactUs/send`);
        expect(request.resourceType()).toBe("fetch");
        await expect(
          page.getByRole("status").filter({ hasText: t["contact.success"] }),
        ).toBeVisible();
        // Said by its live region and brought into view; focus stays on the button (a focused
        // notice inside a live region was read twice).
        await expect(page.getByRole("status").getByTestId("contact-notice")).toBeInViewport();
        await expect(submitButton(page)).toBeFocused();
        await expect(submitButton(page)).toHaveText(t["contact.send"]);
        await expectValues(page, { name: "", email: "", phone: "", subject: "", message: "" });
        expect(page.url()).toMatch(new RegExp(`/${lang}/contactUs$`));
        expect(navigated).toBe(false);
        await expectStoredOnce(sharedApiDb, values, lang);
      });

      test("a send that fails on the way says so in place and keeps everything typed", async ({
        page,
      }) => {
        await page.route("**/contactUs/send", (route) => route.abort("connectionreset"));
        const values = typed(lang, "network-failure");
        await send(page, values);
        await expect(page.getByRole("alert")).toHaveText(t["contact.failed"]);
        await expect(submitButton(page)).toBeEnabled();
        await expect(submitButton(page)).toHaveText(t["contact.send"]);
        await expectValues(page, values);
        expect(stored(sharedApiDb, values.message)).toEqual([]);
      });

      test("a filled honeypot looks like a success, and nothing is stored", async ({ page }) => {
        const values = typed(lang, "honeypot");
        await fill(page, values);
        await page.getByLabel(t["contact.honeypot"]).fill("https://spam.example", { force: true });
        await submitButton(page).click();
        await expect(
          page.getByRole("status").filter({ hasText: t["contact.success"] }),
        ).toBeVisible();
        // The answer came after the action finished: a forwarded message would be stored by now.
        expect(stored(sharedApiDb, values.message)).toEqual([]);
      });
    });
  });

  test.describe(`/${lang}/contactUs without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });
    test.skip(({ isMobile }) => isMobile, behaviourOnly);

    test("a valid message is sent and the success is shown", async ({ page }) => {
      await open(page, lang);
      const values = typed(lang, "no-js");
      await fill(page, values);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        submitButton(page).click(),
      ]);
      expect(response.status()).toBe(200);
      await expect(page.getByRole("status")).toHaveText(t["contact.success"]);
      await expectValues(page, { name: "", message: "" });
      await expectStoredOnce(sharedApiDb, values, lang);
    });

    test("the server checks again: errors next to the fields, typed values kept", async ({
      page,
    }) => {
      await open(page, lang);
      const values = { ...typed(lang, "no-js-invalid"), email: "sarah@", message: "" };
      await fill(page, values);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        submitButton(page).click(),
      ]);
      expect(response.status()).toBe(422);
      await expect(field(page, "email")).toHaveAccessibleDescription(m.emailInvalid);
      await expect(field(page, "message")).toHaveAccessibleDescription(m.messageRequired);
      await expect(field(page, "email")).toBeFocused();
      await expect(page.getByRole("alert")).toHaveText(t["contact.fixErrors"]);
      await expectValues(page, values);
    });
  });
}

test.describe("request size", () => {
  test.skip(({ isMobile }) => isMobile, behaviourOnly);

  for (const lang of languages) {
    test(`/${lang}: a body over 64 KB is refused with 413 and the clear message; the longest valid message is not`, async ({
      request,
    }) => {
      const response = await request.post(`/${lang}/contactUs`, {
        form: { name: "Big", email: "big@example.com", message: "x".repeat(70_000) },
      });
      expect(response.status()).toBe(413);
      expect(await response.text()).toContain(i18n[lang]["contact.tooLarge"]);
      // 5,000 characters of three bytes each, percent-encoded as a form without JavaScript
      // sends them: 45 KB.
      const wide = await request.post(`/${lang}/contactUs`, {
        form: { name: "Wide", email: "wide@example.com", message: "漢".repeat(5_000) },
      });
      // Taken (held, as a form without its hidden fields is): not refused as too large.
      expect(wide.status()).toBe(200);
    });
  }
});

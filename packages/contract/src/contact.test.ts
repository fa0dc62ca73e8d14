import { describe, expect, it } from "vitest";
import {
  contactCreated,
  contactLimits,
  contactMessages,
  idempotencyKey,
  validateContact,
} from "./contact.ts";

const good = { name: "Sara", email: "sara@example.com", message: "Hello" };

describe("validateContact: required fields", () => {
  it.each([
    ["English", "en", ["Name is required."], ["Email is required."], ["Message is required."]],
    ["Arabic", "ar", ["الاسم مطلوب."], ["البريد الإلكتروني مطلوب."], ["الرسالة مطلوبة."]],
  ] as const)("names every missing field in %s", (_language, lang, name, email, message) => {
    expect(validateContact({}, lang)).toEqual({
      ok: false,
      errors: { name: [...name], email: [...email], message: [...message] },
    });
  });

  it("treats empty, blank and null values as missing", () => {
    expect(validateContact({ name: "", email: "   ", message: null }, "en")).toEqual({
      ok: false,
      errors: {
        name: ["Name is required."],
        email: ["Email is required."],
        message: ["Message is required."],
      },
    });
  });

  it("reports only the missing field when the others are fine", () => {
    expect(validateContact({ ...good, message: " \n\t " }, "en")).toEqual({
      ok: false,
      errors: { message: ["Message is required."] },
    });
  });
});

describe("validateContact: values", () => {
  it("accepts a valid message and trims every field", () => {
    expect(
      validateContact(
        {
          name: "  Sara  ",
          email: " sara@example.com\n",
          phone: " +966 (11) 000-0000 ",
          subject: "  Quote ",
          message: "\n Hello \n",
        },
        "en",
      ),
    ).toEqual({
      ok: true,
      data: {
        name: "Sara",
        email: "sara@example.com",
        phone: "+966 (11) 000-0000",
        subject: "Quote",
        message: "Hello",
      },
    });
  });

  it("accepts empty, blank or null phone and subject as not given", () => {
    for (const empty of ["", "   ", null, undefined]) {
      const result = validateContact({ ...good, phone: empty, subject: empty }, "en");
      expect(result).toEqual({ ok: true, data: good });
    }
  });

  it("keeps the name, e-mail, phone and subject on one line; the message keeps its lines", () => {
    const result = validateContact(
      {
        name: "Sarah\r\nBcc: all@example.com",
        email: "sarah@example.com\n",
        phone: "+966\n50 000 0000",
        subject: "Tender\rX-Header: 1\tand\u2028more",
        message: "Line one\nLine two",
      },
      "ar",
    );
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Sarah Bcc: all@example.com",
        email: "sarah@example.com",
        phone: "+966 50 000 0000",
        subject: "Tender X-Header: 1 and more",
        message: "Line one\nLine two",
      },
    });
  });

  it("drops unknown fields", () => {
    expect(validateContact({ ...good, website: "x", admin: true }, "en")).toEqual({
      ok: true,
      data: good,
    });
  });

  it.each(["sara", "sara@", "@example.com", "sara@example", "sa ra@example.com"])(
    "rejects the e-mail %j",
    (email) => {
      expect(validateContact({ ...good, email }, "en")).toEqual({
        ok: false,
        errors: { email: ["Please enter a valid email address."] },
      });
      expect(validateContact({ ...good, email }, "ar")).toEqual({
        ok: false,
        errors: { email: ["يرجى إدخال بريد إلكتروني صحيح."] },
      });
    },
  );

  it("accepts a phone typed with Arabic digits and sends it with Western ones", () => {
    for (const [typed, sent] of [
      ["+٩٦٦ (١١) ٠٠٠-٠٠٠٠", "+966 (11) 000-0000"],
      ["۰۵۰ ۱۲۳ ۴۵۶۷", "050 123 4567"],
    ]) {
      const result = validateContact({ ...good, phone: typed }, "ar");
      expect(result.ok && result.data.phone, typed).toBe(sent);
    }
  });

  it("rejects a phone with letters, or with digits it would not send as Western ones", () => {
    for (const phone of ["call me", "०५० १२३", "０５０ １２３"]) {
      expect(validateContact({ ...good, phone }, "en"), phone).toEqual({
        ok: false,
        errors: { phone: [contactMessages.en.phoneInvalid] },
      });
    }
  });

  it.each([
    ["name", 5],
    ["email", ["a@b.co"]],
    ["message", { text: "hi" }],
    ["phone", 966110000000],
    ["subject", true],
  ])("rejects a non-string %s", (field, value) => {
    expect(validateContact({ ...good, [field]: value }, "en")).toEqual({
      ok: false,
      errors: { [field]: ["This field must be text."] },
    });
    expect(validateContact({ ...good, [field]: value }, "ar")).toEqual({
      ok: false,
      errors: { [field]: ["يجب أن يكون هذا الحقل نصًا."] },
    });
  });

  it("rejects a body that is not an object", () => {
    for (const input of [null, "name=Sara", [good], 42]) {
      expect(validateContact(input, "en")).toEqual({
        ok: false,
        errors: { message: ["This field must be text."] },
      });
    }
  });
});

describe("validateContact: limits", () => {
  const domain = "@example.com";
  const longest = {
    name: "n".repeat(contactLimits.name),
    email: `${"e".repeat(64)}@${"d".repeat(60)}.${"d".repeat(60)}.${"d".repeat(60)}.co`,
    phone: "1".repeat(contactLimits.phone),
    subject: "s".repeat(contactLimits.subject),
    message: "m".repeat(contactLimits.message),
  };

  it("uses the limits of API.md", () => {
    expect(contactLimits).toEqual({
      name: 120,
      email: 254,
      phone: 40,
      subject: 200,
      message: 5000,
    });
  });

  it("accepts every field at its limit", () => {
    expect(longest.email.length).toBeLessThanOrEqual(contactLimits.email);
    expect(validateContact(longest, "en")).toEqual({ ok: true, data: longest });
  });

  it("counts the length after trimming", () => {
    const padded = { ...good, name: `  ${longest.name}  ` };
    expect(validateContact(padded, "en")).toEqual({
      ok: true,
      data: { ...good, name: longest.name },
    });
  });

  it("rejects each field one character over its limit, in English", () => {
    const over = {
      name: `${longest.name}n`,
      email: `${"e".repeat(contactLimits.email - domain.length + 1)}${domain}`,
      phone: `${longest.phone}1`,
      subject: `${longest.subject}s`,
      message: `${longest.message}m`,
    };
    expect(validateContact(over, "en")).toEqual({
      ok: false,
      errors: {
        name: ["Name must be at most 120 characters."],
        email: ["Email must be at most 254 characters."],
        phone: ["Phone must be at most 40 characters."],
        subject: ["Subject must be at most 200 characters."],
        message: ["Message must be at most 5000 characters."],
      },
    });
  });

  it("rejects an over-long name and message in Arabic", () => {
    expect(
      validateContact({ ...good, name: `${longest.name}n`, message: `${longest.message}m` }, "ar"),
    ).toEqual({
      ok: false,
      errors: {
        name: ["يجب ألا يتجاوز الاسم 120 حرفًا."],
        message: ["يجب ألا تتجاوز الرسالة 5000 حرف."],
      },
    });
  });
});

describe("contactMessages", () => {
  it("every message key has an English and an Arabic text", () => {
    expect(Object.keys(contactMessages.ar).sort()).toEqual(Object.keys(contactMessages.en).sort());
    for (const text of [
      ...Object.values(contactMessages.en),
      ...Object.values(contactMessages.ar),
    ]) {
      expect(text.trim()).not.toBe("");
    }
  });
});

describe("idempotencyKey", () => {
  it.each(["k", "a".repeat(100), "3f1c9a2e-8b7d-4c6e-9f0a-1b2c3d4e5f60", "order#42!"])(
    "accepts %j",
    (key) => {
      expect(idempotencyKey.parse(key)).toBe(key);
    },
  );

  it.each([
    ["", "empty"],
    ["a".repeat(101), "101 characters"],
    ["has space", "a space"],
    ["tab\tkey", "a control character"],
    ["مفتاح", "non-ASCII"],
  ])("rejects %j (%s)", (key, _reason) => {
    expect(idempotencyKey.safeParse(key).success).toBe(false);
  });

  it("rejects a non-string", () => {
    expect(idempotencyKey.safeParse(42).success).toBe(false);
  });
});

describe("contactCreated", () => {
  it("accepts a numeric or string id", () => {
    expect(contactCreated.parse({ id: 42 })).toEqual({ id: 42 });
    expect(contactCreated.parse({ id: "42" })).toEqual({ id: "42" });
  });

  it("rejects a missing id", () => {
    expect(contactCreated.safeParse({}).success).toBe(false);
  });
});

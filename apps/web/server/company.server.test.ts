import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import ar from "../app/i18n/ar.json";
import en from "../app/i18n/en.json";
import { CompanyFileError, companyIn, parseCompanyFile } from "./company.server.ts";

const defaultFile = path.resolve(import.meta.dirname, "../company.json");
const demo = parseCompanyFile(fs.readFileSync(defaultFile, "utf8"), defaultFile);

const acme = {
  name: { en: "Acme Builders", ar: "أكمي للبناء" },
  shortDescription: { en: "Builders", ar: "بناؤون" },
  longDescription: { en: "We build.", ar: "نحن نبني." },
  legalName: { en: "Acme Builders Ltd", ar: "أكمي للبناء المحدودة" },
  logo: "https://cdn.acme.example/logo.png",
};

describe("company file", () => {
  it("gives each language its own texts and both the same logo", () => {
    const file = parseCompanyFile(JSON.stringify(acme), "acme.json");
    expect(companyIn("ar", file)).toEqual({
      name: "أكمي للبناء",
      shortName: "أكمي للبناء",
      shortDescription: "بناؤون",
      longDescription: "نحن نبني.",
      legalName: "أكمي للبناء المحدودة",
      logo: "https://cdn.acme.example/logo.png",
    });
    expect(companyIn("en", file).name).toBe("Acme Builders");
  });

  it("still reads a file written when it named a share image, and drops it", () => {
    const file = parseCompanyFile(
      JSON.stringify({ ...acme, shareImage: "/share.jpg" }),
      "old.json",
    );
    expect(companyIn("en", file)).not.toHaveProperty("shareImage");
  });

  it("takes the short name when given, else the name", () => {
    const file = parseCompanyFile(
      JSON.stringify({ ...acme, shortName: { en: "Acme", ar: "أكمي" } }),
      "acme.json",
    );
    expect([companyIn("en", file).shortName, companyIn("ar", file).shortName]).toEqual([
      "Acme",
      "أكمي",
    ]);
  });

  it.each([
    [{ ...acme, name: { en: "Acme" } }, "name.ar"],
    [{ ...acme, legalName: { en: " ", ar: "x" } }, "legalName.en must not be empty"],
    [{ ...acme, logo: "javascript:alert(1)" }, "logo must be a path of the site"],
  ])("refuses a wrong file with one line naming the field (%#)", (value, message) => {
    const parse = () => parseCompanyFile(JSON.stringify(value), "acme.json");
    expect(parse).toThrow(CompanyFileError);
    expect(parse).toThrow(message);
    expect(parse).not.toThrow("\n");
  });

  it("refuses text that is not JSON", () => {
    expect(() => parseCompanyFile("{", "acme.json")).toThrow("acme.json is not JSON");
  });

  it("is the only place that names the company: no interface string does", () => {
    const names = [demo.name.en, demo.name.ar].flatMap((name) => name.split(" ").slice(0, 1));
    for (const strings of [en, ar])
      for (const [key, value] of Object.entries(strings))
        for (const name of names) expect(`${key}: ${value}`).not.toContain(name);
  });
});

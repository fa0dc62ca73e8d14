import { describe, expect, it } from "vitest";
import ar from "../i18n/ar.json";
import { type StructuredDataInput, structuredData } from "./structured-data.ts";

const base: StructuredDataInput = {
  lang: "en",
  siteUrl: "https://www.example.com",
  pathname: "/en",
  url: "https://www.example.com/en",
  company: { name: "Acme", logo: "/logo.svg", description: "Builders." },
  contactInfo: [
    { title: "Phone", info: "+966 11 234 5678" },
    { title: "E-mail", info: "info@example.com" },
    { title: "Address", info: "King Fahd Road, Riyadh" },
  ],
  social: { facebook: "https://facebook.com/acme", x: null, youtube: "/local-path" },
  title: "Acme",
  description: "Builders.",
  image: "https://www.example.com/og.png",
};

type Graph = { "@context": string; "@graph": Record<string, unknown>[] };
const graphOf = (input: Partial<StructuredDataInput>) =>
  structuredData({ ...base, ...input }) as Graph | undefined;
const ofType = (graph: Graph | undefined, type: string) =>
  graph?.["@graph"].find((thing) => thing["@type"] === type);

describe("structuredData", () => {
  it("describes the company and the web site on the home page", () => {
    const graph = graphOf({});
    expect(graph?.["@context"]).toBe("https://schema.org");
    expect(ofType(graph, "Organization")).toEqual({
      "@type": "Organization",
      "@id": "https://www.example.com/#organization",
      name: "Acme",
      url: "https://www.example.com/en",
      logo: "https://www.example.com/logo.svg",
      description: "Builders.",
      contactPoint: [
        { "@type": "ContactPoint", contactType: "Phone", telephone: "+966 11 234 5678" },
        { "@type": "ContactPoint", contactType: "E-mail", email: "info@example.com" },
      ],
      // Only absolute links of the footer's social fields.
      sameAs: ["https://facebook.com/acme"],
    });
    expect(ofType(graph, "WebSite")).toMatchObject({ name: "Acme", inLanguage: "en" });
    expect(ofType(graph, "BreadcrumbList")).toBeUndefined();
  });

  it("gives inner pages a breadcrumb trail in the page's language, through the list page", () => {
    const graph = graphOf({
      lang: "ar",
      pathname: "/ar/news/3",
      url: "https://www.example.com/ar/news/3",
      title: "افتتاح المقر الجديد",
    });
    expect(ofType(graph, "Organization")).toBeUndefined();
    const crumbs = ofType(graph, "BreadcrumbList")?.itemListElement as Record<string, unknown>[];
    expect(crumbs.map(({ position, name, item }) => [position, name, item])).toEqual([
      [1, ar["nav.home"], "https://www.example.com/ar"],
      [2, ar["nav.news"], "https://www.example.com/ar/news"],
      [3, "افتتاح المقر الجديد", "https://www.example.com/ar/news/3"],
    ]);
    const hse = ofType(graphOf({ pathname: "/en/HSE", title: "HSE" }), "BreadcrumbList");
    expect(hse?.itemListElement).toHaveLength(2);
  });

  it("describes a news item as a NewsArticle with its dates", () => {
    const graph = graphOf({
      pathname: "/en/news/3",
      url: "https://www.example.com/en/news/3",
      title: "New head office",
      about: { type: "NewsArticle", published: "2024-05-02T10:00:00.000000Z" },
    });
    expect(ofType(graph, "NewsArticle")).toMatchObject({
      headline: "New head office",
      image: "https://www.example.com/og.png",
      datePublished: "2024-05-02",
      dateModified: "2024-05-02",
      inLanguage: "en",
      publisher: { "@id": "https://www.example.com/#organization" },
    });
  });

  it("describes a project with its client and location, not its completion date as another date", () => {
    const graph = graphOf({
      pathname: "/en/projects/7",
      url: "https://www.example.com/en/projects/7",
      title: "Tower 7",
      about: { type: "Project", client: "Ministry", location: "Riyadh" },
    });
    expect(ofType(graph, "Project")).toMatchObject({
      name: "Tower 7",
      funder: { "@type": "Organization", name: "Ministry" },
      location: { "@type": "Place", name: "Riyadh" },
    });
  });

  it("leaves the hidden data page and unknown paths without structured data", () => {
    expect(graphOf({ pathname: "/en/soso" })).toBeUndefined();
    expect(graphOf({ pathname: "/en/no/such/page" })).toBeUndefined();
  });
});

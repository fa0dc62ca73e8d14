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
      // The footer's lines as the company's own: its labels are no kind of contact point.
      telephone: "+966 11 234 5678",
      email: "info@example.com",
      // Only absolute links of the footer's social fields.
      sameAs: ["https://facebook.com/acme"],
    });
    expect(ofType(graph, "WebSite")).toMatchObject({ name: "Acme", inLanguage: "en" });
    expect(ofType(graph, "BreadcrumbList")).toBeUndefined();
  });

  it("tells a fax line from a phone line by its title, in either language, and lists several", () => {
    const company = (contactInfo: StructuredDataInput["contactInfo"]) =>
      ofType(graphOf({ contactInfo }), "Organization");
    expect(
      company([
        { title: "Phone", info: "+966 11 000 0010" },
        { title: "Fax", info: "+966 11 000 0011" },
        { title: "Mobile", info: "+966 50 000 0012" },
        { title: "Sales", info: "sales@example.com" },
      ]),
    ).toMatchObject({
      telephone: ["+966 11 000 0010", "+966 50 000 0012"],
      faxNumber: "+966 11 000 0011",
      email: "sales@example.com",
    });
    expect(company([{ title: "الفاكس", info: "+966 11 000 0011" }])).toMatchObject({
      faxNumber: "+966 11 000 0011",
    });
    const none = company([{ title: "Address", info: "Riyadh" }]);
    expect(none).not.toHaveProperty("telephone");
    expect(none).not.toHaveProperty("faxNumber");
    expect(none).not.toHaveProperty("email");
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

  it("describes a news item as a NewsArticle with its date", () => {
    const graph = graphOf({
      pathname: "/en/news/3",
      url: "https://www.example.com/en/news/3",
      title: "New head office",
      about: { type: "NewsArticle", published: "2024-05-02T10:00:00.000000Z" },
    });
    const article = ofType(graph, "NewsArticle");
    const company = {
      "@type": "Organization",
      "@id": "https://www.example.com/#organization",
      name: "Acme",
      url: "https://www.example.com/en",
      logo: "https://www.example.com/logo.svg",
    };
    expect(article).toMatchObject({
      headline: "New head office",
      image: "https://www.example.com/og.png",
      // To the second, as the API gives it; no date of change is made up.
      datePublished: "2024-05-02T10:00:00.000Z",
      inLanguage: "en",
      // Typed and whole: the company's full entry is on the home page only.
      author: company,
      publisher: company,
    });
    expect(article).not.toHaveProperty("dateModified");
    const undated = graphOf({
      pathname: "/en/news/3",
      about: { type: "NewsArticle", published: "soon" },
    });
    expect(ofType(undated, "NewsArticle")).not.toHaveProperty("datePublished");
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
    // A Project is an Organization, which has no language in schema.org.
    expect(ofType(graph, "Project")).not.toHaveProperty("inLanguage");
  });

  it("leaves the hidden data page and unknown paths without structured data", () => {
    expect(graphOf({ pathname: "/en/soso" })).toBeUndefined();
    expect(graphOf({ pathname: "/en/no/such/page" })).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { LanguageIndex, type SearchDocument } from "./language-index.server.ts";

const doc = (
  href: string,
  kind: SearchDocument["kind"],
  title: string,
  text = "",
): SearchDocument => ({
  href,
  kind,
  title,
  text,
});

const en = new LanguageIndex([
  doc("/en/news/1", "news", "Bridge opened in Jeddah", "The bridge carries traffic over the wadi."),
  doc("/en/news/2", "news", "Badge day", "Engineers received their badges."),
  doc("/en/projects/3", "completedProject", "Steel structures for the port", "Fabrication."),
  doc("/en/CurrentProjects/4", "currentProject", "Bridge widening", "Structural works."),
  doc("/en/services/5", "service", "Structural steel", "Design and erection of steel."),
  doc("/en/otherPages/6", "page", "Careers", "Join our engineers in Jeddah."),
]);
const ar = new LanguageIndex([
  doc("/ar/news/1", "news", "افتتاح جسر في جدة", "يحمل الجسر حركة المرور."),
  doc("/ar/services/2", "service", "خدمة الصيانة", "نقدم خدمة صيانة المباني في جدة والرياض."),
  doc(
    "/ar/projects/3",
    "completedProject",
    "مشروع طريق الدمام",
    "أنجزت الشركة المشروع بمشاركة مهندسين.",
  ),
  doc("/ar/otherPages/4", "page", "الوظائف", "انضم إلى مهندسينا في الرياض."),
]);

const hrefs = (index: LanguageIndex, query: string) =>
  index.search(query).results.map((result) => result.href);

describe("LanguageIndex: Arabic word forms (issue 31)", () => {
  it.each([
    ["خدمات", "/ar/services/2"],
    ["بالخدمة", "/ar/services/2"],
    ["بجدة", "/ar/news/1"],
    ["وجدة", "/ar/news/1"],
    ["مشاريعنا", "/ar/projects/3"],
    ["والمشاريع", "/ar/projects/3"],
    ["بمشروع", "/ar/projects/3"],
    ["مهندسون", "/ar/projects/3"],
    ["الجسور", "/ar/news/1"],
  ])("%s finds %s", (query, href) => {
    expect(hrefs(ar, query)).toContain(href);
  });

  it("does not require stop words, in either language", () => {
    expect(hrefs(ar, "مشاريع في الدمام")).toEqual(["/ar/projects/3"]);
    expect(hrefs(en, "the bridge in Jeddah")).toEqual(["/en/news/1"]);
  });

  it("marks the words as written in the text", () => {
    const title = ar.search("خدمات").results[0]?.title ?? [];
    expect(title.filter((segment) => segment.mark).map((segment) => segment.text)).toEqual([
      "خدمة",
    ]);
  });
});

describe("LanguageIndex: typos (issue 31)", () => {
  it("forgives one mistake from five letters, in both languages", () => {
    for (const typo of ["brigde", "bridgee", "bridg", "brdige"]) {
      expect(hrefs(en, typo), typo).toContain("/en/news/1");
    }
    expect(hrefs(ar, "الصيانه")).toEqual(["/ar/services/2"]);
    expect(hrefs(ar, "الصياتة")).toEqual(["/ar/services/2"]);
    expect(hrefs(ar, "مهندسبن")).toContain("/ar/projects/3");
  });

  it("forgives no mistake under five letters, and two from nine", () => {
    expect(hrefs(en, "stel")).toEqual([]);
    // Two swaps, then two wrong letters; "structural" in a title ranks first.
    expect(hrefs(en, "strcutrual")[0]).toBe("/en/services/5");
    expect(hrefs(en, "strxctxral")[0]).toBe("/en/services/5");
    expect(hrefs(en, "sxrxctxral")).toEqual([]);
  });

  it("says which words it read instead, only when it corrected some", () => {
    expect(en.search("brigde jedah").correctedQuery).toBe("bridge jeddah");
    expect(en.search("steel strcutures").correctedQuery).toBe("steel structures");
    expect(en.search("bridge").correctedQuery).toBeUndefined();
    expect(en.search("zzzzzzz").correctedQuery).toBeUndefined();
    expect(ar.search("الصياتة").correctedQuery).toBe("الصيانه");
  });

  it("never corrects a word found as typed, so exact matches come first", () => {
    // "badge" is one letter from "bridge"'s neighbour "badges"; found as typed, it stays.
    expect(hrefs(en, "badge")).toEqual(["/en/news/2"]);
    expect(en.search("badge").correctedQuery).toBeUndefined();
  });

  it("marks the corrected words", () => {
    const title = en.search("brigde").results[0]?.title ?? [];
    expect(title.filter((segment) => segment.mark).map((segment) => segment.text)).toEqual([
      "Bridge",
    ]);
  });
});

describe("LanguageIndex: kinds (issue 31)", () => {
  it("counts results of each kind and narrows to one", () => {
    const all = en.search("bridge");
    expect(all.counts).toEqual({ news: 1, projects: 1, services: 0, pages: 0 });
    expect(all.total).toBe(2);
    const projects = en.search("bridge", { kind: "projects" });
    expect(projects.counts).toEqual(all.counts);
    expect(projects.total).toBe(1);
    expect(projects.results.map((result) => result.kind)).toEqual(["currentProject"]);
    expect(en.search("bridge", { kind: "services" }).results).toEqual([]);
  });

  it("pages within one kind", () => {
    const many = new LanguageIndex(
      Array.from({ length: 30 }, (_, i) =>
        doc(`/en/x/${i}`, i % 3 === 0 ? "service" : "news", `Tower ${i}`),
      ),
    );
    const pages = [0, 10].map(
      (offset) => many.search("tower", { kind: "services", offset, limit: 10 }).results,
    );
    expect(pages[0]).toHaveLength(10);
    expect(pages[1]).toHaveLength(0);
    expect(new Set(pages.flat().map((result) => result.kind))).toEqual(new Set(["service"]));
  });
});

describe("LanguageIndex: changing one document", () => {
  it("replaces and removes documents, completions and corrections following", () => {
    const index = new LanguageIndex([doc("/en/news/1", "news", "Tunnel boring", "")]);
    expect(hrefs(index, "tunnel")).toEqual(["/en/news/1"]);
    index.put(doc("/en/news/1", "news", "Viaduct launched", ""));
    expect(hrefs(index, "tunnel")).toEqual([]);
    expect(hrefs(index, "tunel")).toEqual([]);
    expect(hrefs(index, "viad")).toEqual(["/en/news/1"]);
    expect(hrefs(index, "viaduc")).toEqual(["/en/news/1"]);
    index.remove("/en/news/1");
    expect(index.size).toBe(0);
    expect(hrefs(index, "viaduct")).toEqual([]);
    expect(hrefs(index, "viad")).toEqual([]);
  });
});

describe("LanguageIndex: saved and loaded (another process)", () => {
  it("answers as the index saved, after documents were replaced and removed", () => {
    const index = new LanguageIndex([
      doc("/en/news/1", "news", "Tunnel boring", "The tunnel under the wadi."),
      doc("/en/news/2", "news", "Bridge opened", "A bridge over the wadi."),
      doc("/en/services/3", "service", "Tunnel design", "Tunnels and bridges."),
    ]);
    index.put(doc("/en/news/1", "news", "Viaduct launched", "The viaduct over the wadi."));
    index.remove("/en/news/2");
    const loaded = LanguageIndex.load(JSON.parse(JSON.stringify(index.toJSON())));
    expect(loaded.size).toBe(2);
    for (const query of ["wadi", "tunnel", "viad", "bridges", "tunel", "bridge"]) {
      expect(loaded.search(query), query).toEqual(index.search(query));
    }
    expect(hrefs(loaded, "wadi")).toEqual(["/en/news/1"]);
  });
});

import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CarouselIsland } from "./carousel.tsx";
import { CertificatesIsland } from "./certificates.tsx";
import { ContactFormIsland } from "./contact-form.tsx";
import { GalleryIsland } from "./gallery.tsx";
import { HeroSliderIsland } from "./hero-slider.tsx";
import {
  DevIslandsScript,
  island,
  islandJson,
  islandNames,
  PageIslandsProvider,
  toJson,
  withSlots,
} from "./island.tsx";
import { islandLoaders } from "./registry.ts";
import { SearchComboboxIsland } from "./search-combobox.tsx";

describe("island props", () => {
  it("are JSON, each React element a numbered slot", () => {
    const slots: unknown[] = [];
    const json = toJson(
      {
        title: "T",
        count: 2,
        skip: undefined,
        cards: [<b key="a">a</b>, <i key="b">b</i>],
        nested: { x: <u>u</u> },
      },
      slots as never[],
    );
    expect(json).toEqual({
      title: "T",
      count: 2,
      cards: [{ $slot: 0 }, { $slot: 1 }],
      nested: { x: { $slot: 2 } },
    });
    expect(slots).toHaveLength(3);
    expect(withSlots(json, (index) => `slot ${index}`)).toEqual({
      title: "T",
      count: 2,
      cards: ["slot 0", "slot 1"],
      nested: { x: "slot 2" },
    });
  });

  it("refuse what cannot cross to the browser", () => {
    expect(() => toJson({ onClick: () => {} }, [])).toThrow(/function/);
  });

  it("cannot close their script element", () => {
    const hostile = { title: "</script><script>alert(1)</script><!--", line: "a\u2028b" };
    const text = islandJson(hostile);
    expect(text).not.toContain("<");
    expect(text).not.toContain("\u2028");
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

describe("an island on the server", () => {
  const Shout = island("carousel", ({ text, card }: { text: string; card: React.ReactNode }) => (
    <p>
      {text.toUpperCase()}
      {card}
    </p>
  ));

  it("renders its markup in a root, its props after it, and its slots as server markup", () => {
    const html = renderToString(<Shout text="hi </script>" card={<em>card</em>} />);
    expect(html).toBe(
      '<island-root data-island="carousel" data-hydrate="visible"><p>HI &lt;/SCRIPT&gt;' +
        '<island-slot data-slot="0"><em>card</em></island-slot></p></island-root>' +
        '<script type="application/json">{"text":"hi \\u003c/script>","card":{"$slot":0}}</script>',
    );
  });

  // In production the page script loads it after the first paint (e2e/scripts.spec.ts).
  it("in development, brings the islands' script to the pages that have one, and only to them", () => {
    const page = (body: React.ReactNode) =>
      renderToString(
        <PageIslandsProvider value={new Set()}>
          {body}
          <DevIslandsScript src="/assets/hydrate.js" />
        </PageIslandsProvider>,
      );
    expect(page(<Shout text="a" card={null} />)).toContain(
      '<script type="module" src="/assets/hydrate.js"></script>',
    );
    expect(page(<p>no island</p>)).not.toContain("<script");
  });
});

describe("the registry", () => {
  const islands = [
    HeroSliderIsland,
    CarouselIsland,
    GalleryIsland,
    CertificatesIsland,
    ContactFormIsland,
    SearchComboboxIsland,
  ];

  it("loads, for each name, the component of the island of that name", async () => {
    expect(islands.map((made) => made.islandName).sort()).toEqual([...islandNames].sort());
    for (const made of islands) {
      expect(await islandLoaders[made.islandName](), made.islandName).toBe(made.Component);
    }
  });
});

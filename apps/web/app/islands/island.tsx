/**
 * The boundary between the server and the browser (decision 014). `island(name, Component)`
 * makes a component that React renders on the server like any other, inside a marked root,
 * followed by its props as a JSON data block; in the browser, `hydrate.ts` finds the root and
 * hydrates `Component` alone from those props. Everything outside an island is HTML only.
 *
 * Props are plain data (strings, numbers, booleans, arrays, objects): texts come translated
 * by the server, so no dictionary goes to the browser. A prop that is a React element is a
 * slot (as in Astro): static markup the server renders, inside an `<island-slot>`, which the
 * browser keeps as it is, so the cards of a carousel or the images of a gallery stay server
 * components. Roots and slots are custom elements: any content may sit in them (even inside a
 * button), and app.css gives them `display: contents`, so they change no layout.
 */
import {
  type ComponentType,
  createContext,
  isValidElement,
  type ReactNode,
  useContext,
} from "react";

/** Every island of the site; registry.ts has how the browser loads each. */
export const islandNames = [
  "hero-slider",
  "carousel",
  "gallery",
  "certificates",
  "contact-form",
  "search-combobox",
] as const;

export type IslandName = (typeof islandNames)[number];

export const isIslandName = (name: string | undefined): name is IslandName =>
  islandNames.includes(name as IslandName);

/**
 * When an island is hydrated (hydrate.ts): at once (`load`: the hero slider), when it comes near
 * the view or a visitor starts using it (`visible`), when it is in the view itself or a visitor
 * starts using it (`in-view`: the contact form, which works without script and whose top is
 * just below a phone's first view), or only once a visitor starts using it (`interaction`, and
 * `focus`: the search field, whose script is not even loaded before its first focus or input,
 * page-script/islands-after-paint.ts).
 */
export type HydrateWhen = "load" | "visible" | "in-view" | "interaction" | "focus";

/** What marks a slot in the serialised props: `{"$slot": 0}`. */
interface SlotMarker {
  $slot: number;
}

/** A component made an island; `Component` is what the browser hydrates. */
export interface Island<P> {
  (props: P): ReactNode;
  Component: ComponentType<P>;
  islandName: IslandName;
}

export function island<P extends object>(
  name: IslandName,
  Component: ComponentType<P>,
  when: HydrateWhen = "visible",
): Island<P> {
  function ServerIsland(props: P) {
    useContext(PageIslands)?.add(name);
    const slots: ReactNode[] = [];
    const json = toJson(props, slots);
    const rendered = withSlots(json, (index) => <Slot index={index}>{slots[index]}</Slot>) as P;
    return (
      <>
        <island-root data-island={name} data-hydrate={when}>
          <Component {...rendered} />
        </island-root>
        <script
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by islandJson
          dangerouslySetInnerHTML={{ __html: islandJson(json) }}
        />
      </>
    );
  }
  ServerIsland.displayName = `Island(${name})`;
  return Object.assign(ServerIsland, { Component, islandName: name });
}

/**
 * The islands a page rendered, collected while it renders (root.tsx provides a new set per
 * page): in development the script that hydrates them comes after them, so it knows.
 */
const PageIslands = createContext<Set<IslandName> | null>(null);

export const PageIslandsProvider = PageIslands.Provider;

/**
 * In development (`npm run dev`), React Router's Vite plugin compiles components for Fast
 * Refresh, which needs its runtime loaded first; React Router's own scripts do that on the
 * pages it hydrates, and islands load none of them.
 */
const devRefreshRuntime = 'import "/@id/__x00__virtual:react-router/inject-hmr-runtime";';

/**
 * In development, the module script that hydrates the page's islands, when it has any. In
 * production the page's inline script loads it once the page has been painted
 * (page-script/islands-after-paint.ts), so React's bytes never delay the first view.
 */
export function DevIslandsScript({ src }: { src: string }) {
  const islands = useContext(PageIslands);
  if (!import.meta.env.DEV || !islands || islands.size === 0) return null;
  return (
    <>
      <script
        type="module"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, development only
        dangerouslySetInnerHTML={{ __html: devRefreshRuntime }}
      />
      <script type="module" src={src} />
    </>
  );
}

/**
 * Static markup inside an island: rendered as `children` on the server; in the browser given
 * as the `html` the server wrote, which React keeps (never re-renders, never compares).
 */
export function Slot({
  index,
  html,
  children,
}: {
  index: number;
  html?: string;
  children?: ReactNode;
}) {
  if (html === undefined) return <island-slot data-slot={index}>{children}</island-slot>;
  return (
    <island-slot
      data-slot={index}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup, read back from the page
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}

/** Props as JSON values, each React element replaced by a slot marker (kept in `slots`). */
export function toJson(value: unknown, slots: ReactNode[]): unknown {
  if (isValidElement(value)) {
    slots.push(value);
    return { $slot: slots.length - 1 } satisfies SlotMarker;
  }
  if (Array.isArray(value)) return value.map((item) => toJson(item, slots));
  if (value === null || typeof value !== "object") {
    if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint")
      throw new TypeError(`An island prop cannot be a ${typeof value}`);
    return value;
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => [key, toJson(item, slots)]),
  );
}

/** The JSON value with each slot marker replaced by `slot(index)`. */
export function withSlots(value: unknown, slot: (index: number) => ReactNode): unknown {
  if (Array.isArray(value)) return value.map((item) => withSlots(item, slot));
  if (value === null || typeof value !== "object") return value;
  if (isSlotMarker(value)) return slot(value.$slot);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withSlots(item, slot)]),
  );
}

const isSlotMarker = (value: object): value is SlotMarker =>
  Object.keys(value).length === 1 && typeof (value as SlotMarker).$slot === "number";

/**
 * JSON that cannot end its `<script>` element or open a comment in it: `<` is written as
 * `\u003c` (JSON.parse reads it back), and so are the line separators some parsers trip on.
 */
export const islandJson = (value: unknown): string =>
  JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");

type CustomElement = React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
  [data: `data-${string}`]: string | number | undefined;
};

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "island-root": CustomElement;
      "island-slot": CustomElement;
    }
  }
}

/**
 * How the browser loads each island (island.tsx names them): each is a chunk of its own,
 * fetched only by pages that render it (hydrate.ts). A new island is named in island.tsx,
 * made with `island("its-name", Component)` in its own file and loaded here; a unit test
 * checks that each loader gives the island of its name.
 */
import type { ComponentType } from "react";
import type { IslandName } from "./island.tsx";

// biome-ignore lint/suspicious/noExplicitAny: each island has its own props; hydrate.ts passes the server's
type Loader = () => Promise<ComponentType<any>>;

export const islandLoaders: Record<IslandName, Loader> = {
  "hero-slider": () =>
    import("./hero-slider.tsx").then((module) => module.HeroSliderIsland.Component),
  carousel: () => import("./carousel.tsx").then((module) => module.CarouselIsland.Component),
  gallery: () => import("./gallery.tsx").then((module) => module.GalleryIsland.Component),
  certificates: () =>
    import("./certificates.tsx").then((module) => module.CertificatesIsland.Component),
  "contact-form": () =>
    import("./contact-form.tsx").then((module) => module.ContactFormIsland.Component),
  "search-combobox": () =>
    import("./search-combobox.tsx").then((module) => module.SearchComboboxIsland.Component),
};

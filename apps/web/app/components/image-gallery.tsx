/**
 * The photo gallery of the overview and project pages: the island (islands/gallery.tsx) with
 * its texts in the page's language and each photo drawn here as a lazy image.
 */

import { useDirection } from "../hooks/use-direction.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { GalleryIsland } from "../islands/gallery.tsx";
import { cn } from "../shared/cn.ts";
import { useCarouselRoles } from "./carousel-roles.ts";
import { LazyImage } from "./lazy-image.tsx";
import { useLightboxLabels } from "./lightbox-labels.ts";

export interface GalleryImage {
  src: string;
  alt: string;
}

/**
 * The frame's shape on wide screens. Photos are mostly 3:2 or 4:3: a frame much wider than
 * they are cuts their top and bottom away. A column's gallery (856 px) stays 16:9; the page's
 * (1,232 px) is 2:1, so that it is not taller than a laptop's screen leaves room for.
 */
const wideShape = { gallery: "lg:aspect-[2/1]", columnGallery: "" } as const;

export function ImageGallery({
  images,
  label,
  kind = "gallery",
}: {
  images: GalleryImage[];
  label: string;
  /** How wide the gallery is drawn (shared/image-kinds.ts): the page's width, or a column's. */
  kind?: "gallery" | "columnGallery";
}) {
  const { t } = useTranslation();
  const dir = useDirection();
  const lightbox = useLightboxLabels(images.length);
  const roles = useCarouselRoles();
  if (images.length === 0) return <p className="text-slate-500">{t("common.noData")}</p>;
  return (
    <GalleryIsland
      dir={dir}
      label={label}
      photos={images.map((image) => ({
        ...image,
        openLabel: t("common.viewLarger", { title: image.alt }),
        picture: (
          <LazyImage
            src={image.src}
            alt={image.alt}
            kind={kind}
            className={cn(
              "aspect-[4/3] w-full object-cover transition-transform duration-700 ease-layout group-hover:scale-[1.03] sm:aspect-[16/9]",
              wideShape[kind],
            )}
          />
        ),
      }))}
      buttons={{
        previous: t("home.carouselPrevious", { name: label }),
        next: t("home.carouselNext", { name: label }),
      }}
      roles={roles}
      labels={lightbox}
    />
  );
}

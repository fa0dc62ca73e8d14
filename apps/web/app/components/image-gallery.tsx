/**
 * The photo gallery of the overview and project pages: the island (islands/gallery.tsx) with
 * its texts in the page's language and each photo drawn here as a lazy image.
 */

import { useDirection } from "../hooks/use-direction.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { GalleryIsland } from "../islands/gallery.tsx";
import { useCarouselRoles } from "./carousel-roles.ts";
import { LazyImage } from "./lazy-image.tsx";
import { useLightboxLabels } from "./lightbox-labels.ts";

export interface GalleryImage {
  src: string;
  alt: string;
}

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
            className="aspect-[4/3] w-full object-cover transition-transform duration-700 ease-layout group-hover:scale-[1.03] sm:aspect-[16/9] lg:aspect-[21/9]"
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

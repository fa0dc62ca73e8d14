/**
 * A responsive grid of photos (HSE page): one column on phones, two on small screens, and on
 * large ones four when the count divides by four (no lonely last row), else three.
 */
import { LazyImage } from "./lazy-image.tsx";

export function ImageGrid({
  images,
  altFor,
}: {
  images: string[];
  /** Alternative text of the image at a 0-based index. */
  altFor: (index: number) => string;
}) {
  if (images.length === 0) return null;
  const large = images.length % 4 === 0 ? "lg:grid-cols-4" : "lg:grid-cols-3";
  return (
    <ul
      className={`grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 ${large}`}
      data-testid="image-grid"
    >
      {images.map((src, index) => (
        <li key={src} className="overflow-hidden rounded-xl bg-sand-100 shadow-sm">
          <LazyImage
            src={src}
            alt={altFor(index)}
            kind="grid"
            className="aspect-4/3 w-full object-cover"
          />
        </li>
      ))}
    </ul>
  );
}

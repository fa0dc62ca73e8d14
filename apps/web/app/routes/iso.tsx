/** `/:lang/iso`: the ISO certificates page: banner, intro and the certificates, each opening full size. */

import { pageContext } from "../../server/site-context.server.ts";
import { LazyImage } from "../components/lazy-image.tsx";
import { useLightboxLabels } from "../components/lightbox-labels.ts";
import { PageBanner } from "../components/page-banner.tsx";
import { Section } from "../components/ui/section.tsx";
import { useDirection } from "../hooks/use-direction.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { CertificatesIsland } from "../islands/certificates.tsx";
import { photosOf } from "../shared/content-rules.ts";
import { recordMeta } from "../shared/seo.ts";
import type { Route } from "./+types/iso";

export const meta = (args: Route.MetaArgs) =>
  recordMeta(args, args.loaderData?.iso, { titleKey: "iso.title", image: "banner_img" });

export async function loader(args: Route.LoaderArgs) {
  const { api, lang } = pageContext(args);
  const { iso_images, ...iso } = await api.firstOf("isos", lang, {
    title: "",
    banner_img: null,
    iso_images: [],
  });
  return { lang, iso: { ...iso, images: photosOf(iso_images, (entry) => entry.image) } };
}

export default function Iso({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { iso } = loaderData;
  const title = iso.title || t("iso.title");
  const lightbox = useLightboxLabels(iso.images.length);
  const dir = useDirection();

  return (
    <>
      <PageBanner title={title} image={iso.banner_img} />
      <Section>
        {iso.images.length === 0 ? (
          <p className="text-slate-500">{t("common.noData")}</p>
        ) : (
          <CertificatesIsland
            dir={dir}
            labels={lightbox}
            certificates={iso.images.map((src, index) => {
              const alt = `${t("iso.certificate", { index: index + 1 })} — ${title}`;
              return {
                src,
                alt,
                openLabel: t("common.viewLarger", { title: alt }),
                picture: (
                  <LazyImage
                    src={src}
                    alt={alt}
                    kind="certificate"
                    className="aspect-[3/4] w-full rounded-lg object-contain transition-transform duration-500 group-hover:scale-[1.02]"
                  />
                ),
              };
            })}
          />
        )}
      </Section>
    </>
  );
}

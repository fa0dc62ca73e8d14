/** One machine type of the equipment page: photo, title, description and fleet quantity. */
import type { EquipmentItem } from "@site/contract";
import { useTranslation } from "../i18n/use-translation.ts";
import { Card, CardImage } from "./ui/card.tsx";

export function EquipmentCard({ item }: { item: EquipmentItem }) {
  const { t } = useTranslation();
  const hasQuantity =
    item.quantity !== null && item.quantity !== undefined && String(item.quantity).trim() !== "";
  return (
    <Card data-testid="equipment-card">
      {/* Described by the title under it, like every card's photo: not said twice. */}
      <CardImage src={item.image} alt="" kind="card" className="aspect-4/3" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-lg leading-snug font-semibold text-balance text-navy-900">
          {item.title}
        </h2>
        {item.description ? (
          <p className="text-sm leading-6 text-slate-600">{item.description}</p>
        ) : null}
        {hasQuantity ? (
          <p className="mt-auto pt-2">
            <span
              data-testid="equipment-quantity"
              className="inline-flex items-center rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold text-navy-900"
            >
              {/* Quantities are shown as given (a number, or text such as "12 units"). */}
              {t("equipment.quantity", { count: item.quantity as number })}
            </span>
          </p>
        ) : null}
      </div>
    </Card>
  );
}

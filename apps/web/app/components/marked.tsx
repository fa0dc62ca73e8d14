/**
 * Text with the words a search matched in `<mark>`: the results page's titles and extracts,
 * and the suggestions under the search field (islands/search-combobox.tsx).
 */
import type { Segment } from "../shared/search/extract.ts";

export function Marked({ segments }: { segments: readonly Segment[] }) {
  return segments.map((segment, index) =>
    segment.mark ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed runs of one text
      <mark key={index} className="rounded-sm bg-amber-brand/30 px-0.5 text-inherit">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}

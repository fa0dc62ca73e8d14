/**
 * A visually hidden live region that says where a visitor's move landed ("Slide 3 of 6"): the
 * buttons, dots and arrow keys of a slider change what is shown, not where focus is, so
 * without it a screen reader says nothing. Silent on load, for the slider's own moves
 * (autoplay: the ARIA carousel pattern turns its live region off during rotation) and when
 * focus went into the new slide, whose label is read then (`useSlider`'s `movedTo`).
 */
export function SlideAnnouncement({ text }: { text: string }) {
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="slide-announcement">
      {text}
    </p>
  );
}

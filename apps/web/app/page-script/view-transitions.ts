/**
 * The cross-document view transitions of decision 022 need no script. But one that Chromium
 * skips (the next page was already shown when it could start: "Page already revealed") rejects
 * its promises, which no page code waits on, so each skip was reported as an uncaught error of
 * the page. They are marked handled here: the page simply shows without the fade. Inlined with
 * `toString()` (page-script.ts): it uses nothing from outside its body.
 */
export function quietSkippedTransitions(): void {
  window.addEventListener("pagereveal", (event) => {
    const transition = (event as Event & { viewTransition?: ViewTransition | null }).viewTransition;
    if (!transition) return;
    for (const settled of [transition.ready, transition.finished, transition.updateCallbackDone]) {
      settled.catch(() => {});
    }
  });
}

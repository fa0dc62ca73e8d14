/**
 * `run` at most once per `ms`: at once on the first call after a quiet spell, then once more
 * when the spell is over if calls came in meanwhile (so the last state is always seen).
 */
export function throttle(run: () => void, ms: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let calledSince = false;
  const spellOver = () => {
    timer = undefined;
    if (!calledSince) return;
    calledSince = false;
    run();
    timer = setTimeout(spellOver, ms);
  };
  return {
    call() {
      if (timer) {
        calledSince = true;
        return;
      }
      run();
      timer = setTimeout(spellOver, ms);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      calledSince = false;
    },
  };
}

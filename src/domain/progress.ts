// Progress throttle shared by workers: at most `perSecond` updates, first and last always delivered (pure TS).
export function throttleProgress(report: (percent: number) => void, perSecond = 5, now: () => number = Date.now) {
  const gap = 1000 / perSecond;
  let last = -Infinity;
  let lastValue = -1;
  return (percent: number) => {
    const p = Math.max(0, Math.min(100, Math.round(percent)));
    const t = now();
    if (p === 100 || lastValue < 0 || t - last >= gap) {
      if (p === lastValue) return;
      last = t;
      lastValue = p;
      report(p);
    }
  };
}

/**
 * Wraps a cross-thread progress callback (a Comlink proxy answers each call with a promise on its own port) so a worker can
 * wait for every delivered update before returning; otherwise the result may reach the page before the final 100.
 */
export function deliveredProgress(onProgress?: (percent: number) => unknown) {
  const pending: Promise<unknown>[] = [];
  return {
    report: onProgress ? (percent: number) => void pending.push(Promise.resolve(onProgress(percent)).catch(() => undefined)) : undefined,
    flush: () => Promise.all(pending).then(() => undefined),
  };
}

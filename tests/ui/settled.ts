// Whether a promise settles within a time, for tests of things that must wait (browser).

/** True when `promise` has settled after `ms` milliseconds of waiting. */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

// The strength of the password being typed on the first-access and reset pages: the estimator's chunk is loaded when the
// form opens, and each estimate runs once typing pauses (zxcvbn takes 10-80 ms per check), never on every key (main thread).
import { useEffect, useMemo, useState } from "react";
import { passwordStrength, passwordUserInputs, type PasswordStrength, type StrengthEstimator } from "../../domain/team";

/** Pause in typing before the estimate runs. */
const PAUSE_MS = 200;

let loading: Promise<StrengthEstimator> | undefined;
/** The estimator's chunk, once per page (a failed load, e.g. offline, is tried again by the next form). */
function loadEstimator() {
  loading ??= import("./password-strength").then((m) => m.estimateStrength);
  loading.catch(() => (loading = undefined));
  return loading;
}

export interface Person {
  name: string;
  email: string;
  pointNames: (string | null | undefined)[];
}

/**
 * `strength`: the meter's reading of `password`, taken when typing pauses (null while it is empty or the estimator loads);
 * `checking`: a reading is on its way;
 * `estimate`: the same check at once, for the submit (null until the estimator has loaded: the server checks anyway).
 */
export function usePasswordStrength(password: string, who: Person) {
  const [estimator, setEstimator] = useState<StrengthEstimator | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [reading, setReading] = useState<PasswordStrength | null>(null);
  // An emptied field forgets its reading, so a new password never shows the old one's.
  if (password === "" && reading) setReading(null);
  const { name, email } = who;
  const points = who.pointNames.join("\n");

  useEffect(() => {
    let live = true;
    // Not loaded (offline, a new deploy): no meter; the server still checks the password when it is sent.
    loadEstimator().then(
      (e) => live && setEstimator(() => e),
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const inputs = useMemo(() => passwordUserInputs({ name, email, pointNames: points.split("\n") }), [name, email, points]);

  useEffect(() => {
    if (!estimator || password === "") return;
    const timer = setTimeout(() => {
      setReading(passwordStrength(password, email, () => estimator(password, inputs)));
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [estimator, password, email, inputs]);

  return {
    // The last reading stays while typing goes on (no flicker on every key).
    strength: password === "" ? null : reading,
    /** The meter's 'Avaliando…' while the estimator loads or typing has not yet paused for a first reading. */
    checking: password !== "" && !reading && !unavailable,
    estimate: estimator && ((value: string) => estimator(value, inputs)),
  };
}

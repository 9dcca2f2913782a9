// The new password's strength estimator on the server: zxcvbn-ts with the common and pt-BR dictionaries, configured by the
// rule shared with the screens (src/domain/team.ts), loaded on the first password set rather than at start (server only).
import type { StrengthEstimator } from "../../src/domain/team.ts";
import { strengthEstimator, strengthOptions } from "../../src/domain/team.ts";

let loading: Promise<StrengthEstimator> | undefined;

/** The estimator, built once (about 5 MB of dictionaries parsed and ranked, some 70 ms). */
export function passwordEstimator(): Promise<StrengthEstimator> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, ptBr] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-pt-br"),
    ]);
    return strengthEstimator(new ZxcvbnFactory(strengthOptions(common, ptBr)));
  })();
  // A failed load is tried again by the next request instead of being remembered.
  loading.catch(() => (loading = undefined));
  return loading;
}

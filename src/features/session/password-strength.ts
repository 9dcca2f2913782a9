// The new password's strength estimator in the browser: zxcvbn-ts with the common and pt-BR dictionaries (some 500 KiB
// gzipped), configured by the rule the server applies (src/domain/team.ts). Imported only with import() by
// use-password-strength.ts, so it is a chunk of its own that only the password pages load (main thread).
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as ptBr from "@zxcvbn-ts/language-pt-br";
import { strengthEstimator, strengthOptions } from "../../domain/team";

export const estimateStrength = strengthEstimator(new ZxcvbnFactory(strengthOptions(common, ptBr)));

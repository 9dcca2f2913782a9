// Mutation hooks of the public access pages beside their calls (credenciado.ts): 'Esqueci minha senha' and the password of an
// access link, which signs in through the store exactly as the login does; the pages add only their UI (main thread).
import { useMutation } from "@tanstack/react-query";
import { SESSION_MSG } from "../../../config/messages/session.pt-BR";
import { ApiFailure, unwrap } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { setPasswordAndSignIn } from "../store";
import { forgotPassword } from "./credenciado";
import type * as A from "../../../../contract/acesso";
import type { Answer } from "../../../../contract/route";

/** The neutral answer of 'Esqueci minha senha'; a password set answers the store's message in the same shape. */
type Msg = Answer<typeof A.requestPasswordReset>;

/** The answer is the same whether the e-mail has an account or not; 429 and a malformed e-mail carry the server's message. */
export function useForgotPassword(ui: MutationUi<Msg, string> = {}) {
  return useMutation<Msg, Error, string>({
    ...ui,
    mutationFn: async (email) => unwrap(await forgotPassword(email.trim()), SESSION_MSG.access.sendFailed),
  });
}

export interface SetPasswordInput {
  token: string;
  password: string;
  confirmation: string;
}

/** Nothing to invalidate: the session store holds the signed-in user; the message is the server's (the login's 'Login realizado…'). */
export function useSetPassword(ui: MutationUi<Msg, SetPasswordInput> = {}) {
  return useMutation<Msg, Error, SetPasswordInput>({
    ...ui,
    mutationFn: async ({ token, password, confirmation }) => {
      const outcome = await setPasswordAndSignIn(token, password, confirmation);
      if (!outcome.ok) throw new ApiFailure(outcome.message);
      return { message: outcome.message };
    },
  });
}

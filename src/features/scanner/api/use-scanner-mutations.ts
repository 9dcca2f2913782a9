// The scanner's mutation hook beside its call in scanner.ts: the WhatsApp invitation, with its envelope check; nothing to
// invalidate (no query shows invitations). The invite modal adds its UI through MutationUi (main thread).
import { useMutation } from "@tanstack/react-query";
import { MSG } from "../../../config/messages.pt-BR";
import { unwrap } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { sendInvite } from "./scanner";

/** `telefone` as typed (masked when complete), `placa` in its display form, as the contract's clients send them. */
export interface InviteInput {
  telefone: string;
  placa: string;
}

export function useSendInvite(ui: MutationUi<{ message: string }, InviteInput> = {}) {
  return useMutation<{ message: string }, Error, InviteInput>({
    ...ui,
    mutationFn: async ({ telefone, placa }) => unwrap(await sendInvite(telefone, placa), MSG.scanner.inviteFailed),
  });
}

// The scanner's mutation hook beside its call in scanner.ts: the WhatsApp invitation, with its envelope check; nothing to
// invalidate (no query shows invitations). The invite modal adds its UI through MutationUi (main thread).
import { useMutation } from "@tanstack/react-query";
import { SCANNER_MSG } from "../../../config/messages/scanner.pt-BR";
import { unwrap } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { sendInvite, type InviteAnswer, type InviteInput } from "./scanner";

export function useSendInvite(ui: MutationUi<InviteAnswer, InviteInput> = {}) {
  return useMutation<InviteAnswer, Error, InviteInput>({
    ...ui,
    mutationFn: async (input) => unwrap(await sendInvite(input), SCANNER_MSG.scanner.inviteFailed),
  });
}

// The member follow link's mutation hooks beside their calls in follow-link.ts: make a new link (the token comes back once) and
// revoke it. Each owns its envelope check and its invalidation (the link's state, awaited: the modal shows the new state when
// it lands); the modal adds only its UI through MutationUi (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { unwrap, unwrapSuccess } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { orderKeys } from "../query-options";
import type { revokeFollowLink as revokeRoute } from "../../../../contract/acompanhamento";
import type { Answer } from "../../../../contract/route";
import { createFollowLink, revokeFollowLink, type NewFollowLink } from "./follow-link";

type RevokeAnswer = Answer<typeof revokeRoute>;

/** A new link for the order (any earlier one stops working); the link's state refetches after success. */
export function useCreateFollowLink(orderId: string, ui: MutationUi<NewFollowLink> = {}) {
  const client = useQueryClient();
  return useMutation<NewFollowLink, Error, void>({
    ...ui,
    mutationFn: async () => unwrapSuccess(await createFollowLink(orderId), ORDER_MSG.follow.createFailed),
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: orderKeys.followLink(orderId) });
      return ui.onSuccess?.(...args);
    },
  });
}

/** Revokes the order's link; failed or not the link's state refetches (a 404 means it had already ended). */
export function useRevokeFollowLink(orderId: string, ui: MutationUi<RevokeAnswer> = {}) {
  const client = useQueryClient();
  return useMutation<RevokeAnswer, Error, void>({
    ...ui,
    mutationFn: async () => unwrap(await revokeFollowLink(orderId), ORDER_MSG.follow.revokeFailed),
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: orderKeys.followLink(orderId) });
      return ui.onSettled?.(...args);
    },
  });
}

// The member's rating and return as mutation hooks: each owns its call, its failure and the page's refresh (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MEMBER_MSG } from "../../config/messages/member.pt-BR";
import type { MutationUi } from "../../lib/mutation-ui";
import { memberKeys, MemberFailure } from "../query-options";
import { askReturn, rateService, type ReturnRequest } from "./acompanhamento";

export interface RatingInput {
  nota: number;
  comentario: string;
}

/** Rates the ended order; the page stays pending until the refreshed view (with the rating) has landed. */
export function useRateService(token: string, ui?: MutationUi<unknown, RatingInput>) {
  const client = useQueryClient();
  return useMutation({
    ...ui,
    mutationFn: async ({ nota, comentario }: RatingInput) => {
      const text = comentario.trim();
      const res = await rateService({ token, nota, ...(text ? { comentario: text } : {}) });
      if (!res.ok) throw new MemberFailure(res.message ?? MEMBER_MSG.rating.failed, res.status);
      return res.data;
    },
    onSettled: async (...args) => {
      await ui?.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: memberKeys.view(token) });
    },
  });
}

/** Asks for a return of one service (multipart, optional photo); the view's list of returns is read again after it. */
export function useAskReturn(token: string, ui?: MutationUi<unknown, Omit<ReturnRequest, "token">>) {
  const client = useQueryClient();
  return useMutation({
    ...ui,
    mutationFn: async (input: Omit<ReturnRequest, "token">) => {
      const res = await askReturn({ token, ...input });
      if (!res.ok) throw new MemberFailure(res.message ?? MEMBER_MSG.returns.failed, res.status);
      return res.data;
    },
    onSettled: async (...args) => {
      await ui?.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: memberKeys.view(token) });
    },
  });
}

// What a screen adds to a feature's mutation hook (main thread): UI only (toasts, closing a modal, form state). The hook owns the
// call, the envelope check and the invalidation; these callbacks run on the mutation itself, as `useMutation` options do, so a
// toast still shows when the modal that started the call has closed.
import type { UseMutationOptions } from "@tanstack/react-query";

export type MutationUi<TData, TVariables = void> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  "onSuccess" | "onError" | "onSettled"
>;

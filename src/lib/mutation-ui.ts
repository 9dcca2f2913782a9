// What a screen adds to a feature's mutation hook (main thread): UI only (toasts, closing a modal, form state). The hook owns the
// call, the envelope check and the invalidation; these callbacks run on the mutation itself, as `useMutation` options do, so a
// toast still shows when the modal that started the call has closed.
import type { UseMutationOptions } from "@tanstack/react-query";

export type MutationUi<TData, TVariables = void> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  "onSuccess" | "onError" | "onSettled"
>;

/**
 * The row a list's call is running for, and which action: the first of `running` whose mutation is pending, its variables
 * being the row's id (the team's and the staff's Reativar and link buttons show their pending label on that row alone).
 */
export function pendingRow<A extends string>(
  running: readonly (readonly [A, { isPending: boolean; variables: string | undefined }])[],
): { action: A; id: string } | null {
  for (const [action, mutation] of running) if (mutation.isPending && mutation.variables) return { action, id: mutation.variables };
  return null;
}

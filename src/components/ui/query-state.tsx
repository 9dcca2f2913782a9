// The three states of a server call, one way for every screen, card and modal (main thread): loading, failed with
// 'Tentar novamente', empty; otherwise the content. A call that failed while data is still shown (a refetch, or the copy kept on
// the device) keeps showing that data: the error view is only for a call with nothing to show.
import { useDeferredValue, type ReactNode } from "react";
import { MSG } from "../../config/messages.pt-BR";

/** What QueryState reads of a TanStack query result (also what `combineQueries` returns). */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** 'page': the state fills the screen's body, centred; 'card': it sits inside a card or modal, beside the rest. */
type Variant = "page" | "card";

/** A failed call's message and its retry button (`role="alert"`, so a screen reader hears it). */
export function QueryError({
  message,
  onRetry,
  retrying = false,
  variant = "card",
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  variant?: Variant;
}) {
  return (
    <div className={variant === "page" ? "page-state" : "card-error"} role="alert">
      <p className="form-error">{message}</p>
      <button type="button" className="btn" onClick={onRetry} disabled={retrying}>
        {MSG.common.retry}
      </button>
    </div>
  );
}

/** The loading and empty lines: quiet text, centred in the page's body on the 'page' variant. */
const lineClass = (variant: Variant) => (variant === "page" ? "muted page-state" : "muted");

/** A call's loading line (`role="status"`). */
export function QueryLoading({ label, variant = "card" }: { label: string; variant?: Variant }) {
  return (
    <p className={lineClass(variant)} role="status">
      {label}
    </p>
  );
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The loading line, e.g. 'Carregando avaliações...'. */
  loading: string;
  /** The failure message, e.g. 'Erro ao carregar avaliações'. */
  error: string;
  /** Shown instead of the content when `isEmpty(data)`. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  variant?: Variant;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, loading, error, empty, isEmpty, variant = "page", children }: QueryStateProps<T>) {
  // An answer reaches the component through TanStack's store subscription, which React renders synchronously: a whole list
  // in one task, 100-500 ms on a low-tier phone (issue 37's trace). Deferred, that render runs at transition priority, in
  // slices that let a tap through; the line already on screen (loading, or the previous data) stays until it is ready. Data
  // present at mount (the cache, the copy kept on the device) renders at once.
  const data = useDeferredValue(query.data);
  if (data === undefined) {
    if (query.isError)
      return <QueryError message={error} onRetry={() => void query.refetch()} retrying={query.isFetching} variant={variant} />;
    return <QueryLoading label={loading} variant={variant} />;
  }
  if (empty !== undefined && isEmpty?.(data)) {
    return <p className={lineClass(variant)}>{empty}</p>;
  }
  return <>{children(data)}</>;
}

/** Two calls a view needs together: data only when both have it; retry refetches the failed ones. */
export function combineQueries<A, B>(a: QueryLike<A>, b: QueryLike<B>): QueryLike<[A, B]> {
  const data: [A, B] | undefined = a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined;
  return {
    data,
    isPending: a.isPending || b.isPending,
    isError: (a.isError && a.data === undefined) || (b.isError && b.data === undefined),
    isFetching: a.isFetching || b.isFetching,
    refetch: () => {
      if (a.isError) void a.refetch();
      if (b.isError) void b.refetch();
    },
  };
}

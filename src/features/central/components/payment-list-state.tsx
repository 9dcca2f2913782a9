// A Pagamentos list's call, one way for the paid batches, the runs, the paying accounts and the journal: its loading line, its
// failure with the server's reason (and 'Tentar novamente'), its empty line, or the rows (main thread).
import type { ReactNode } from "react";
import { QueryState, type QueryLike } from "../../../components/ui/query-state";
import { withReason } from "../../../domain/format";

interface ListMessages {
  loading: string;
  loadFailed: string;
  empty: string;
}

interface ListStateProps<T extends readonly unknown[]> {
  query: QueryLike<T> & { error: Error | null };
  msg: ListMessages;
  /** 'card' (the default): inside the list's card; 'page': in the page's body. */
  variant?: "card" | "page";
  children: (rows: T) => ReactNode;
}

export function ListState<T extends readonly unknown[]>({ query, msg, variant = "card", children }: ListStateProps<T>) {
  return (
    <QueryState
      query={query}
      variant={variant}
      loading={msg.loading}
      error={query.error ? withReason(msg.loadFailed, query.error.message) : msg.loadFailed}
      empty={msg.empty}
      isEmpty={(d) => d.length === 0}
    >
      {children}
    </QueryState>
  );
}

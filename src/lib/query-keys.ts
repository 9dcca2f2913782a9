// The query-key roots that more than one feature (or src/lib) needs (main thread). Each feature's key factory builds its keys
// on these (features/agenda/query-options.ts, features/ordem-servico/query-options.ts); code outside a feature (the offline store, the
// OS screen invalidating the agenda) names a root from here, never a literal.
export const queryRoots = {
  /** Every agenda query: the list, free slots, motivations, plate lookups. */
  agenda: ["agenda"] as const,
  /** The agenda's list, one per point and date range: kept on the device for offline use. */
  agendaList: ["agenda", "list"] as const,
  /** Every query of the OS screen: kept on the device for offline use. */
  order: ["order"] as const,
  /** The notifications (bell, toasts, screen): asked again by the OS screen when it sees the central's decision first. */
  notifications: ["notificacoes"] as const,
};

// Text shown on an agenda row while its start job is in the outbox (main thread, React hook).

export function useStartProgress(appointmentId: string): string | null {
  void appointmentId;
  return null;
}

// The payout of a linked service (the finish's rule, also shown on the linked list and in the approvals) (server only).

/** The contract's payout: the service's extra value alone when parts were not the member's and it is set, else extra + payout; 0 -> null. */
export function payoutValue(partByMember: string | null, extra: number | null, payout: number): number | null {
  const value = partByMember === "N" && (extra ?? 0) > 0 ? extra! : (extra ?? 0) + payout;
  return value === 0 ? null : Math.round(value * 100) / 100;
}

// Calls of the member's follow link (issue 39) from the OS screen: its state, a new link (the token shown once) and its
// revocation; typed by the contract (type-only imports, nothing added to the bundle) (main thread).
import { del, get, post, seg } from "../../../lib/api-client";
import type { Answer } from "../../../../contract/route";
import type * as A from "../../../../contract/acompanhamento";

export type { FollowLinkState, NewFollowLink } from "../../../../contract/acompanhamento";

export const getFollowLink = (orderId: string, signal?: AbortSignal) =>
  get<Answer<typeof A.followLinkState>>(`/execucao/${seg(orderId)}/acompanhamento`, { signal });

/** A new link: any earlier link of the order stops working (the server revokes it in the same call). */
export const createFollowLink = (orderId: string) =>
  post<Answer<typeof A.createFollowLink>>(`/execucao/${seg(orderId)}/acompanhamento`, undefined);

export const revokeFollowLink = (orderId: string) => del<Answer<typeof A.revokeFollowLink>>(`/execucao/${seg(orderId)}/acompanhamento`);

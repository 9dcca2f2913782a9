// Calls of the member's follow link (issue 39) from the OS screen: its state, a new link (the token shown once) and its
// revocation; typed by the contract (type-only imports, nothing added to the bundle) (main thread).
import { call } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/acompanhamento";

export type { FollowLinkState, NewFollowLink } from "../../../../contract/acompanhamento";

export const getFollowLink = (orderId: string, signal?: AbortSignal) =>
  call(routes.followLinkState, { params: { id: orderId } }, { signal });

/** A new link: any earlier link of the order stops working (the server revokes it in the same call). */
export const createFollowLink = (orderId: string) => call(routes.createFollowLink, { params: { id: orderId } });

export const revokeFollowLink = (orderId: string) => call(routes.revokeFollowLink, { params: { id: orderId } });

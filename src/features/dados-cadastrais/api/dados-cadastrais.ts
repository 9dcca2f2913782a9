// The call that saves the point's registration data and opening hours (main thread); the read is in lib/point-registration.ts.
// Types from the contract (type-only imports).
import { call } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/ponto-atendimento";
import type * as C from "../../../../contract/ponto-atendimento";
import type { BodyOf } from "../../../../contract/route";

/** The body is the flat data object itself, as the contract requires. */
export type RegistrationBody = BodyOf<typeof C.updateRegistration>;

export const updateRegistration = (data: RegistrationBody) => call(routes.updateRegistration, { body: data });

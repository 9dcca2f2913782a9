// The service points as the central sees them: one point's registration and its payment data under review; one mapping per
// contract shape (server only). The list with its figures and flags: point-attention.ts.
import type { servicePoints } from "../db/schema.ts";
import type { PayeeReview, PointRegistration } from "../../contract/central-points.ts";
import { holdText, type HoldReason, type Payee } from "../services/payout-hold.ts";

export const toPointRegistration = (p: typeof servicePoints.$inferSelect): PointRegistration => ({
  IdPontoAtendimento: p.id,
  NomeFantasia: p.tradeName,
  RazaoSocial: p.corporateName,
  Cnpj: p.cnpj,
  InscricaoEstadual: p.stateRegistration,
  Matricula: p.registrationNumber,
  QuantidadeElevadores: p.lifts,
  Cep: p.cep,
  Endereco: p.address,
  Complemento: p.complement,
  Bairro: p.district,
  Cidade: p.city,
  Uf: p.uf,
});

const iso = (d: Date | string | null) => (d ? new Date(String(d)).toISOString() : null);

/** The point's payee now with its hold (payout-hold.ts pointHolds): what the central checks before confirming. */
export const toPayeeReview = (
  payee: Payee,
  hold: { changed: Date | string | null; confirmed: Date | string | null; reason: HoldReason },
): PayeeReview => ({
  ...payee,
  Retido: hold.reason !== null,
  MotivoRetencao: holdText(hold.reason, hold.changed),
  AlteradoEm: iso(hold.changed),
  ConfirmadoEm: iso(hold.confirmed),
});

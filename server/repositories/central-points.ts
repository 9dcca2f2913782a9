// The service points as the central sees them: one point's registration, one mapping per contract shape (server only). The
// list with its figures and flags: point-attention.ts; the payment data under review: payee-review.ts.
import type { servicePoints } from "../db/schema.ts";
import type { PointRegistration } from "../../contract/central-points.ts";

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

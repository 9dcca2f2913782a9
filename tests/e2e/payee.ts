// Held payouts and the e2e suites that share one server (Node): a change of a point's bank data holds its payouts until the
// central confirms the new data, so a suite that changes it confirms it through the API when it is done, and a suite that pays
// confirms first, whatever ran before it.
import { apiCall, apiToken } from "./browser";

export const CENTRAL = { email: "central@programa.com.br", password: "demo1234" };

export interface PayeeReviewData {
  Retido: boolean;
  MotivoRetencao: string | null;
  IdDadoBancario: string | null;
  TipoChavePix: string | null;
  ChavePix: string | null;
  AlteradoEm: string | null;
  ConfirmadoEm: string | null;
}

export const payeeOf = async (base: string, centralToken: string, pointId: string) =>
  (await apiCall<{ data: PayeeReviewData }>(base, centralToken, `/central/pontos/${pointId}/dados-pagamento`)).data;

/** Confirms the point's changed payment data as the central, when there is a change to confirm (held, with bank data). */
export async function releasePayouts(base: string, pointId: string, centralToken?: string): Promise<void> {
  const token = centralToken ?? (await apiToken(base, CENTRAL));
  const payee = await payeeOf(base, token, pointId);
  if (!payee.Retido || !payee.IdDadoBancario || !payee.AlteradoEm) return;
  await apiCall(base, token, `/central/pontos/${pointId}/confirmar-dados-pagamento`, { alteradoEm: payee.AlteradoEm });
}

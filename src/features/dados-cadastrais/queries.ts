// Server state of Dados Cadastrais with TanStack Query, as on the agenda: the point's registration and its update (main thread).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { unwrap } from "../../lib/api-client";
import { updateRegistration, type DadosCadastrais } from "./api/dados-cadastrais";
import { registrationKeys, registrationQuery } from "./query-options";

export const useRegistration = (pointId: string) => useQuery(registrationQuery(pointId));

/** Saves the flat body; on success the view shows what was sent at once, then the server's copy replaces it. */
export function useSaveRegistration(pointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DadosCadastrais & { IdPontoAtendimento: string }) => {
      unwrap(await updateRegistration(body), MSG.registration.saveFailed);
      return body;
    },
    onSuccess: (body) => {
      const { IdPontoAtendimento: _id, ...data } = body;
      client.setQueryData(registrationKeys.point(pointId), data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}

// Server state of Dados Cadastrais with TanStack Query, as on the agenda: the point's registration and its update (main thread).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { unwrap } from "../../lib/api-client";
import { getRegistration, updateRegistration, type DadosCadastrais } from "./api/dados-cadastrais";

export const registrationKeys = {
  all: ["dados-cadastrais"] as const,
  point: (pointId: string) => ["dados-cadastrais", pointId] as const,
};

export function useRegistration(pointId: string) {
  return useQuery({
    queryKey: registrationKeys.point(pointId),
    queryFn: async () => {
      const body = unwrap(await getRegistration(pointId), MSG.registration.loadFailed);
      // The contract's envelope: a 200 without success is a failure too.
      if (!body?.success || !body.data) throw new Error(MSG.registration.loadFailed);
      return body.data;
    },
    enabled: Boolean(pointId),
  });
}

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

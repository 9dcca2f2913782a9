// Dados Cadastrais' mutation hook beside its call in dados-cadastrais.ts: the save owns the envelope check, the cache update and
// the invalidation; the page adds its UI (toast, leaving edit mode, error text) in mutate's callbacks (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MSG } from "../../../config/messages.pt-BR";
import { unwrap } from "../../../lib/api-client";
import { registrationKeys } from "../query-options";
import type { DadosCadastrais } from "../../../lib/point-registration";
import { updateRegistration } from "./dados-cadastrais";

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

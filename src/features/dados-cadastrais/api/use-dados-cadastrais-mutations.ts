// Dados Cadastrais' mutation hook beside its call in dados-cadastrais.ts: the save owns the envelope check, the cache update and
// the invalidation; the page adds its UI (toast, leaving edit mode, error text) in mutate's callbacks (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { REGISTRATION_MSG } from "../../../config/messages/registration.pt-BR";
import { unwrap } from "../../../lib/api-client";
import { registrationKeys } from "../query-options";
import type { DadosCadastrais } from "../../../lib/point-registration";
import { updateRegistration, type RegistrationBody } from "./dados-cadastrais";

/** Saves the flat body; on success the view shows what was sent at once, then the server's copy replaces it. */
export function useSaveRegistration(pointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegistrationBody) => {
      unwrap(await updateRegistration(body), REGISTRATION_MSG.registration.saveFailed);
      return body;
    },
    onSuccess: (body) => {
      // The body carries every field of the loaded data (form.ts toPayload); the lifts go back to the number the server answers.
      const shown = { ...body, QtdeElevadores: Number(body.QtdeElevadores) } as DadosCadastrais;
      client.setQueryData(registrationKeys.point(pointId), shown);
    },
    onSettled: () => client.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}

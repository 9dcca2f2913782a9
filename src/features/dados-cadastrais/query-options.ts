// Dados Cadastrais' query as TanStack query options, without the hooks (the router starts it with the screen's code).
import { queryOptions } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { ApiFailure, unwrapSuccess } from "../../lib/api-client";
import { getRegistration } from "../../lib/point-registration";
import { reuseFreshPrefetch } from "../../lib/prefetch";

export const registrationKeys = {
  all: ["dados-cadastrais"] as const,
  point: (pointId: string) => ["dados-cadastrais", pointId] as const,
};

export const registrationQuery = (pointId: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: registrationKeys.point(pointId),
    queryFn: async () => {
      const { data } = unwrapSuccess(await getRegistration(pointId), MSG.screens.registrationLoadFailed);
      if (!data) throw new ApiFailure(MSG.screens.registrationLoadFailed);
      return data;
    },
    enabled: Boolean(pointId),
  });

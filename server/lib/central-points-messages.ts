// The pt-BR answers of the central's points and worklist routes (issue 38), shared by the route files and their tests
// (server only).
import { POINT_FLAGS, POINT_SORTS, SORT_DIRECTIONS } from "../../contract/central-points.ts";

export const CENTRAL_POINTS_MESSAGES = {
  unknownFlag: (value: string) => `Sinalização desconhecida: “${value}”. Use uma destas: ${POINT_FLAGS.join(", ")}.`,
  unknownSort: (value: string) => `Ordenação desconhecida: “${value}”. Use uma destas: ${POINT_SORTS.join(", ")}.`,
  unknownDirection: (value: string) => `Direção da ordenação desconhecida: “${value}”. Use ${SORT_DIRECTIONS.join(" ou ")}.`,
  pointNotFound: "Ponto de atendimento não encontrado.",
} as const;

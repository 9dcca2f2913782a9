// The initial video's plate check in words: "Placa no vídeo: ABC-1234 (confere)", "(não confere, confirmada pelo atendente)",
// "Placa no vídeo: não lida" (main thread; the central's evidence panel, any screen showing an order's chain).
import type { VideoPlate } from "../../../contract/evidencias-cadeia";
import { EVIDENCE_MSG as M } from "../../config/messages/evidence.pt-BR";

/** null when the order has no initial video (nothing to say). */
export function videoPlateText(plate: VideoPlate | null): string | null {
  if (!plate) return null;
  if (plate.situacao === "nao-lida" || !plate.placaLida) return M.plate.notRead;
  const check = M.plate.read[plate.situacao];
  return M.plate.line(plate.placaLida, plate.confirmadaPeloAtendente ? `${check}, ${M.plate.confirmed}` : check);
}

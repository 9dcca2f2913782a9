// The pt-BR texts of the vehicle inspection routes (issue 53): answers, refusals and what a conclusion still misses; shared by
// the routes and the tests (server only).
import type { InspectionGap } from "../../src/domain/inspection.ts";

/** What one gap is called in a refusal. */
function gapText(g: InspectionGap): string {
  switch (g.kind) {
    case "sem-status":
      return `${g.label}: marque OK, Atenção ou Crítico`;
    case "sem-foto":
      return `${g.label}: item em Atenção ou Crítico precisa de foto`;
    case "sem-km":
      return "informe a quilometragem";
    case "sem-combustivel":
      return "informe o nível de combustível";
  }
}

export const INSPECTION_MESSAGES = {
  itemSaved: "Item da vistoria salvo.",
  markSaved: "Marca de avaria salva.",
  markRemoved: "Marca de avaria removida.",
  photoSaved: "Foto da vistoria anexada.",
  odometerSaved: "Quilometragem e combustível salvos.",
  concludedNow: "Vistoria concluída e registrada nas evidências da OS.",
  orderCancelled: "Esta OS foi cancelada: a vistoria não pode mais ser alterada.",
  orderFinished: "Esta OS já foi finalizada: a vistoria não pode mais ser alterada.",
  concluded: "Esta vistoria já foi concluída e não pode mais ser alterada.",
  unknownItem: "Item fora da lista de vistoria. Para um item próprio, informe o nome do item.",
  tooManyFreeItems: "Limite de itens próprios atingido nesta vistoria.",
  tooManyMarks: "Limite de marcas de avaria atingido nesta vistoria.",
  markElsewhere: "Esta marca pertence a outra vistoria.",
  noSuchMark: "Marca de avaria não encontrada nesta vistoria.",
  photoTarget: "Informe a que a foto pertence: um item, uma marca de avaria ou o painel.",
  notAPhoto: "A vistoria aceita apenas fotos (JPG, PNG, WEBP ou GIF).",
  tooManyPhotos: "Limite de fotos deste item atingido.",
  gaps: (gaps: InspectionGap[]) => `Para concluir a vistoria: ${gaps.map(gapText).join("; ")}.`,
} as const;

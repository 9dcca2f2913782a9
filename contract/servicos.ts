// The service routes of the contract: the point's catalogue, an order's linked services (list, link, unlink) and the warranty
// and annual-limit checks (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import {
  bool,
  int,
  intOrNull,
  list,
  MAX,
  Message,
  nonBlank,
  nullableText,
  num,
  numOrNull,
  obj,
  oneOf,
  optionalFile,
  params,
  str,
  strOrNull,
  text,
  uuid,
} from "./fields.ts";
import { defineRoute } from "./route.ts";

/** FornecidoPelaVcar: S provided by the program (never added or removed by hand), N not. */
export const PROVIDED_BY_PROGRAM = ["S", "N"] as const;
/** StatusAprovacao of a linked service: P awaiting the central's approval, A approved, R rejected. */
export const STATUS_APROVACAO = ["P", "A", "R"] as const;

const providedByProgram = () => oneOf(PROVIDED_BY_PROGRAM, "S provided by the program, N not");

/** A service of the point's catalogue (the select-service list). */
export const PointService = obj({
  IdServico: str(),
  value: str("IdServico again (the original client's select)"),
  label: str("'description - vehicle type'"),
  description: strOrNull("the service's notes"),
  TipoVeiculo: str(),
  FornecidoPelaVcar: providedByProgram(),
  LimiteAnual: int("uses per vehicle and calendar year; 0 unlimited"),
  Garantia: int("warranty days; 0 none"),
  ValorRepasse: num("what the program pays the point for this service once approved (BRL), before any extra value set by the central"),
  AprovacaoCentral: bool(
    "true: a link of it by the point awaits the central's approval before it counts and is paid (every service linked by hand)",
  ),
});

export const listPointServices = defineRoute({
  method: "GET",
  url: "/ponto-atendimento/servicos/:idPontoAtendimento",
  summary: "The point's active services (the slot-reservation pseudo-service left out), by description and vehicle type.",
  access: "point",
  params: params("idPontoAtendimento"),
  response: { 200: obj({ servicos: list(PointService) }) },
  errors: { 404: "another point's id" },
});

/** A service linked to an order, with its approval, media and values. */
export const LinkedService = obj({
  id: str("IdSocioVeiculoAgendaExecucaoServico (the link's id)"),
  idSocioVeiculoAgendaExecucaoServico: str("the link's id again"),
  IdSocioVeiculoAgendaExecucaoServico: str("the link's id again"),
  IdSocioVeiculoAgenda: str(),
  IdServico: str(),
  value: str("IdServico again"),
  label: str("'description - vehicle type'"),
  description: strOrNull("the service's notes"),
  status: oneOf(STATUS_APROVACAO, "StatusAprovacao again"),
  StatusAprovacao: oneOf(STATUS_APROVACAO, "P awaiting the central's approval, A approved, R rejected"),
  PecaPorContaDoSocio: strOrNull("S the member supplied the parts, N not; null unknown"),
  FornecidoPelaVcar: providedByProgram(),
  Observacoes: strOrNull("the central's note (the reason of a rejection)"),
  ObservacoesCredenciado: strOrNull("the point's note"),
  Foto1: strOrNull("stored file name"),
  Foto2: strOrNull("stored file name"),
  Foto3: strOrNull("stored file name"),
  Video: strOrNull("stored file name"),
  ValorAdicional: numOrNull("extra value set by the central (BRL)"),
  PagamentoFeito: str("S paid, N not"),
  DataLog: str("when it was linked, ISO 8601"),
  Usuario: strOrNull("the name of the point's user who linked it; null when unknown (linked by the program)"),
  ValorServico: num("the service's price (BRL)"),
  ValorRepasse: numOrNull("this link's payout (BRL), the finish's rule; null when 0"),
});

export const listLinkedServices = defineRoute({
  method: "GET",
  url: "/agendamentos/servicos-vinculados/:idSocioVeiculoAgenda",
  summary: "The services linked to an order (the slot-reservation pseudo-service left out), in the order they were linked.",
  access: "point",
  params: params("idSocioVeiculoAgenda"),
  response: { 200: obj({ servicos: list(LinkedService) }) },
  errors: { 404: "not found, or another point's order" },
});

export const linkService = defineRoute({
  method: "POST",
  url: "/agendamentos/vincular-servico",
  summary: "Links a catalogue service to a started, open order, awaiting the central's approval; warranty and annual limit enforced.",
  access: "point",
  body: Type.Object({
    /** The acting attendant, when not the token's user. */
    idPontoAtendimentoUsuario: Type.Optional(uuid),
    idSocioVeiculoAgenda: uuid,
    idServico: uuid,
    /** Sent by the original client; not read. */
    numeroOS: Type.Optional(Type.Unsafe<string | number | null>({ type: ["string", "integer", "null"], maxLength: MAX.short })),
    /** The point's note. */
    descricao: Type.Optional(nullableText(MAX.note)),
    video: Type.Optional(optionalFile),
    foto1: Type.Optional(optionalFile),
    foto2: Type.Optional(optionalFile),
    foto3: Type.Optional(optionalFile),
    /** The photos as a list (foto1..3 win when both are sent). */
    fotos: Type.Optional(Type.Array(text(MAX.file), { maxItems: 3 })),
    /** The check-in inspection's item (its chave) this service answers: an Atenção or Crítico finding (issue 53). */
    itemVistoria: Type.Optional(nonBlank(60)),
  }),
  response: {
    200: obj({
      message: str(),
      idSocioVeiculoAgendaExecucaoServico: str("the new link's id"),
      media: obj({ Foto1: strOrNull(), Foto2: strOrNull(), Foto3: strOrNull(), Video: strOrNull() }, "the stored file names linked"),
    }),
  },
  errors: {
    400: "itemVistoria names no Atenção or Crítico item of the order's check-in inspection",
    404: "another point's order, an attendant not of this point, a service not in the point's active catalogue, or a file this point did not upload",
    409: "the order is not open or not started, the service is of another vehicle type or provided by the program, already linked, under warranty or over its annual limit",
  },
});

export const unlinkService = defineRoute({
  method: "POST",
  url: "/agendamentos/desvincular-servico",
  summary: "Removes a service linked to an open order (not one provided by the program).",
  access: "point",
  body: Type.Object({ idSocioVeiculoAgendaExecucaoServico: uuid }),
  response: { 200: Message },
  errors: {
    404: "not found, or another point's order",
    409: "the order is not open, the service is provided by the program, or the central approved it",
  },
});

/** Which slot of a linked service a stored file goes to: the first free Foto1..3, or Video. */
export const SERVICE_FILE_KINDS = ["foto", "video"] as const;

export const attachServiceFile = defineRoute({
  method: "POST",
  url: "/agendamentos/servico-arquivo",
  summary:
    "Attaches a stored photo (first free Foto1..3) or video to a linked service still awaiting approval; repeating it with a name already there changes nothing.",
  access: "point",
  body: Type.Object({
    idSocioVeiculoAgendaExecucaoServico: uuid,
    tipo: oneOf(SERVICE_FILE_KINDS, "foto: a photo (the first free Foto1..3), video: the video"),
    /** The stored file name (the upload's answer). */
    arquivo: text(MAX.file),
    /** The order, sent by the outbox so its job belongs to the order; checked against the link's when present. */
    idSocioVeiculoAgenda: Type.Optional(uuid),
  }),
  response: {
    200: obj({
      message: str(),
      media: obj({ Foto1: strOrNull(), Foto2: strOrNull(), Foto3: strOrNull(), Video: strOrNull() }, "the linked service's files now"),
    }),
  },
  errors: {
    400: "a file of the wrong type (a video as a photo, a photo as the video, or not a photo or video at all)",
    404: "not found, or another point's linked service or order, or a file this point did not upload",
    409: "the service was already approved or refused, the order is not open, or the service already has 3 photos / a video",
  },
});

export const Warranty = obj({
  garantiaValida: bool("true while the last concluded, approved use is within the service's warranty"),
  garantia: Type.Optional(int("the service's warranty days (when it was used before)")),
  dataLimiteGarantia: Type.Optional(str("the warranty's end, ISO 8601 (when it was used before)")),
});

export const checkWarranty = defineRoute({
  method: "POST",
  url: "/servico/verificar-garantia",
  summary: "Whether a service is under warranty on a vehicle (its last concluded, approved use at any point, plus its days).",
  access: "point",
  body: Type.Object({ idSocioVeiculo: uuid, idServico: uuid }),
  response: { 200: Warranty },
  errors: { 404: "a vehicle with no order at this point" },
});

/** One service's uses this calendar year on the vehicle. */
export const AnnualLimit = obj({
  idServico: str(),
  nomeServico: str(),
  fornecidoPelaVcar: providedByProgram(),
  tipoVeiculo: str(),
  tipo: str("the service's kind"),
  quantidadeUsada: int("links this year approved or awaiting approval, on orders not cancelled"),
  limiteAnual: int("0 unlimited"),
  restante: intOrNull("uses left; null when unlimited"),
  podeUsar: bool(),
});

export const checkAnnualLimit = defineRoute({
  method: "POST",
  url: "/servico/verificar-limite-anual",
  summary: "The vehicle's uses this calendar year (Brasília) of every active service of its type, against each annual limit.",
  access: "point",
  /** idServico: sent by the original client; the answer lists every service of the vehicle's type. */
  body: Type.Object({ idSocioVeiculo: uuid, idServico: Type.Optional(text(60)) }),
  response: {
    200: obj({
      algumServicoDisponivelParaUso: bool(),
      mensagem: str(),
      anoReferencia: int("the calendar year counted"),
      tipoVeiculo: strOrNull(),
      totalAgendamentos: int("links counted this year, all services"),
      servicos: list(AnnualLimit),
    }),
  },
  errors: { 404: "a vehicle with no order at this point" },
});

export type PointService = Static<typeof PointService>;
export type LinkedService = Static<typeof LinkedService>;
export type Warranty = Static<typeof Warranty>;
export type AnnualLimit = Static<typeof AnnualLimit>;

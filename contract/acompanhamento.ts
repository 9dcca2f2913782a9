// The member's follow link (issue 39): the point makes, reads and revokes an order's link; the member's page (public, the
// token from the URL's fragment sent in POST bodies, never in a URL) reads the order, its files through short-lived signed
// addresses, rates the service and asks for a return (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import {
  bool,
  int,
  intOrNull,
  list,
  MAX,
  Message,
  nonBlank,
  num,
  obj,
  oneOf,
  oneOfOrNull,
  params,
  str,
  strOrNull,
  text,
} from "./fields.ts";
import { defineRoute } from "./route.ts";
import { FUEL_LEVELS, INSPECTION_KINDS, ITEM_STATUSES, OUTLINE_VIEWS } from "./vistorias.ts";
import { EvidenceChain } from "./evidencias-cadeia.ts";

/** The token as the page sends it: 43 base64url characters (256 random bits). */
export const followToken = Type.String({ minLength: 43, maxLength: 43, pattern: "^[A-Za-z0-9_-]{43}$" });

/** The link as the point sees it (the token itself is shown only once, when made). */
export const FollowLinkState = obj({
  ativo: bool("a link exists, is not revoked and has not expired"),
  criadoEm: strOrNull("ISO 8601"),
  validoAte: strOrNull("ISO 8601: 30 days after the order ends; null while the order is open"),
  revogadoEm: strOrNull("ISO 8601"),
  telefoneSocio: strOrNull("the member's phone as registered, null when none"),
});

export const NewFollowLink = obj({
  success: Type.Literal(true),
  message: str(),
  token: str("shown once; only its hash is kept"),
  caminho: str("/acompanhar#<token>: the page's path and fragment (the client prefixes its own origin)"),
  mensagem: str("the WhatsApp text without the address (the client appends it)"),
  telefoneWhatsApp: strOrNull("55 + the member's phone digits for wa.me, null when the member has no valid phone"),
  criadoEm: str(),
});

export const createFollowLink = defineRoute({
  method: "POST",
  url: "/execucao/:id/acompanhamento",
  summary: "Makes the order's member follow link (a new random token; any earlier link of the order is revoked).",
  access: "point",
  params: params("id"),
  response: { 200: NewFollowLink },
  errors: { 404: "not an order of the token's point", 409: "a cancelled order, or an ended order's link period is over" },
});

export const followLinkState = defineRoute({
  method: "GET",
  url: "/execucao/:id/acompanhamento",
  summary: "Whether the order has a live member link, since when and until when.",
  access: "point",
  params: params("id"),
  response: { 200: FollowLinkState },
  errors: { 404: "not an order of the token's point" },
});

export const revokeFollowLink = defineRoute({
  method: "DELETE",
  url: "/execucao/:id/acompanhamento",
  summary: "Revokes the order's member link: its page and its file addresses stop working at once.",
  access: "point",
  params: params("id"),
  response: { 200: Message },
  errors: { 404: "not an order of the token's point, or it has no live link" },
});

const tokenBody = Type.Object({ token: followToken }, { additionalProperties: false });

export const MemberStep = obj({
  etapa: oneOf(["agendado", "iniciado", "servico", "concluido", "cancelado"] as const),
  titulo: str("pt-BR line"),
  em: strOrNull("ISO 8601: when it happened (agendado: when it was booked; the title says for when); null when the step has no time"),
});

export const MemberService = obj({
  id: str("the linked service's id"),
  descricao: str(),
  situacao: oneOf(["pendente", "aprovado", "reprovado"] as const),
  garantiaAte: strOrNull("yyyy-MM-dd, the last day of the warranty (from the order's end); null while open or none"),
  fotos: list(str("signed file address")),
  video: strOrNull("signed file address"),
  retornoAberto: bool("a return the member asked for this service is still open: another waits until the point concludes it"),
});

/** A concluded inspection as the member sees it (issue 53): what was checked, the damage marks, km and fuel, every photo signed. */
export const MemberInspection = obj({
  tipo: oneOf(INSPECTION_KINDS, "entrada: on arrival; saida: at the finish"),
  concluidaEm: str("ISO 8601"),
  km: intOrNull(),
  combustivel: oneOfOrNull(FUEL_LEVELS),
  fotoPainel: strOrNull("signed file address"),
  itens: list(
    obj({
      rotulo: str(),
      status: oneOfOrNull(ITEM_STATUSES),
      observacao: str(),
      fotos: list(str("signed file address")),
    }),
  ),
  marcas: list(
    obj({
      numero: int(),
      vista: oneOf(OUTLINE_VIEWS),
      x: num("0..1 from the view's left edge"),
      y: num("0..1 from the view's top edge"),
      observacao: str(),
      fotos: list(str("signed file address")),
    }),
  ),
  confirmadaPor: strOrNull("the name the member typed when acknowledging it"),
  confirmadaEm: strOrNull("ISO 8601"),
});

export const MemberView = obj({
  ponto: obj({ nome: str(), endereco: str(), telefone: strOrNull() }),
  veiculo: obj({ placa: str(), descricao: str("brand, model and year") }),
  socio: str("the member's first name"),
  os: obj({
    numero: int(),
    situacao: oneOf(["agendado", "em-andamento", "concluido", "cancelado"] as const),
    agendadoPara: str("ISO 8601"),
  }),
  linhaDoTempo: list(MemberStep),
  servicos: list(MemberService),
  videoInicial: strOrNull("signed file address"),
  videoFinal: strOrNull("signed file address"),
  fotos: list(str("signed file address")),
  notas: list(obj({ texto: str(), em: str("ISO 8601") })),
  avaliacao: Type.Union([obj({ nota: int(), comentario: strOrNull(), em: str() }), Type.Null()]),
  podeAvaliar: bool("the order ended and was not rated yet"),
  retornos: list(obj({ descricao: str(), em: str(), situacao: str("pt-BR") })),
  podePedirRetorno: bool("the order ended and some service is within its warranty"),
  validoAte: strOrNull("ISO 8601"),
  vistorias: list(MemberInspection),
});

export const memberView = defineRoute({
  method: "POST",
  url: "/acompanhamento",
  summary: "The member's view of the order of a follow link (the token in the body, never in the URL).",
  access: "public",
  body: tokenBody,
  response: { 200: MemberView },
  errors: { 404: "no such link, revoked or expired (one message for all)", 429: "too many requests for this token or address" },
});

export const memberEvidence = defineRoute({
  method: "POST",
  url: "/acompanhamento/evidencias",
  summary: "The order's evidence chain with signed file addresses, for the member's 'Verificar evidências'.",
  access: "public",
  body: tokenBody,
  response: { 200: EvidenceChain },
  errors: { 404: "no such link, revoked or expired", 429: "too many requests" },
});

export const memberRating = defineRoute({
  method: "POST",
  url: "/acompanhamento/avaliacao",
  summary: "The member rates the ended order once: 1 to 5 stars and an optional comment; the point's Avaliações shows it.",
  access: "public",
  body: Type.Object(
    { token: followToken, nota: Type.Integer({ minimum: 1, maximum: 5 }), comentario: Type.Optional(text(MAX.reason)) },
    { additionalProperties: false },
  ),
  response: { 200: Message },
  errors: { 404: "no such link", 409: "the order has not ended, or it was already rated", 429: "too many requests" },
});

export const memberReturn = defineRoute({
  method: "POST",
  url: "/acompanhamento/retorno",
  summary:
    "The member asks for a return of an ended order's service within its warranty: multipart with fields token, idServico, descricao and an optional image part `foto`; the point is notified.",
  access: "public",
  response: { 200: Message },
  errors: {
    400: "missing or invalid fields, or a photo that is not an image",
    404: "no such link",
    409: "the order has not ended, the service's warranty is over, or a return of it is already open",
    413: "the photo is over the image limit",
    429: "too many requests",
  },
});

export const memberInspectionAck = defineRoute({
  method: "POST",
  url: "/acompanhamento/vistoria",
  summary:
    "The member acknowledges a concluded inspection ('Confirmo o estado do veículo'): the name typed and the time, once, chained as the order's evidence.",
  access: "public",
  body: Type.Object({ token: followToken, tipo: oneOf(INSPECTION_KINDS), nome: nonBlank(MAX.name) }, { additionalProperties: false }),
  response: { 200: Message },
  errors: {
    404: "no such link",
    409: "the inspection is not concluded, or it was already acknowledged",
    429: "too many requests",
  },
});

export const memberFile = defineRoute({
  method: "GET",
  url: "/acompanhamento/arquivos/:name",
  summary: "A file of the link's order through a signed, short-lived address (no token in it): inline, Range, ETag/304.",
  access: "public",
  params: Type.Object({ name: text(MAX.name) }),
  querystring: Type.Object(
    { l: text(MAX.id), e: text(MAX.short), s: text(MAX.param) },
    { additionalProperties: false, description: "l: the link's id, e: expiry (unix seconds), s: base64url HMAC" },
  ),
  response: { 200: Type.Unsafe<unknown>({ description: "the file's bytes (see GET /uploads/files/:name)" }) },
  errors: { 403: "a bad or expired signature, or a revoked link", 404: "not a file of the link's order", 416: "bad Range" },
});

export type FollowLinkState = Static<typeof FollowLinkState>;
export type NewFollowLink = Static<typeof NewFollowLink>;
export type MemberView = Static<typeof MemberView>;
export type MemberService = Static<typeof MemberService>;

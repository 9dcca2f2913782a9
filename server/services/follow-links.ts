// The member follow link's rules (issue 39): the random token and its hash, how long a link works, the signing key of the
// file addresses, the WhatsApp text, and the order as the member's page shows it (MemberView) (server only).
import { randomBytes } from "node:crypto";
import type { MemberService, MemberView } from "../../contract/acompanhamento.ts";
import { addDays, isoToBr, wallClock, brasiliaInstant } from "../../src/domain/dates.ts";
import type { Db } from "../db/client.ts";
import { hashToken, newToken } from "../lib/secrets.ts";
import { HttpError } from "../lib/http-errors.ts";
import { signedFileUrl } from "../lib/signed-file-url.ts";
import * as links from "../repositories/follow-links.ts";
import { inspectionsOf } from "../repositories/inspections.ts";
import { sharedKey } from "../repositories/push-subscriptions.ts";

/** A link works until this long after its order ended. */
export const FOLLOW_LINK_DAYS = 30;
const DAY_MS = 86_400_000;

/** One answer for every link that does not work (unknown, revoked, expired, cancelled order): nothing to tell them apart. */
export const INVALID_FOLLOW_LINK = "Link de acompanhamento inválido ou expirado.";
export const invalidLink = () => new HttpError(404, INVALID_FOLLOW_LINK);

/** A new link's token (256 random bits, 43 base64url characters) and the only thing stored of it. */
export function newFollowToken() {
  const token = newToken();
  return { token, tokenHash: hashToken(token) };
}
export { hashToken };

/** Until when a link of an order works: null while the order is open; the end + 30 days once it ended. */
export function linkValidUntil(order: { status: string; finishedAt: Date | null }): Date | null {
  if (order.status !== "C") return null;
  return order.finishedAt ? new Date(order.finishedAt.getTime() + FOLLOW_LINK_DAYS * DAY_MS) : new Date(0);
}

/** Whether the link works at `now`: not revoked, its order not cancelled, and open or within 30 days of its end. */
export function linkIsLive(l: links.LinkWithOrder, now: Date) {
  if (l.link.revokedAt || l.status === "E") return false;
  const until = linkValidUntil(l);
  return until === null || now < until;
}

/** The live link a member's token names; 404 with the one message otherwise. */
export async function liveLinkOfToken(db: Db, token: string, now: Date) {
  const found = await links.linkByHash(db, hashToken(token));
  if (!found || !linkIsLive(found, now)) throw invalidLink();
  return found;
}

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The file addresses' HMAC key: 32 random bytes made once and kept in server_keys, so every instance signs alike. */
export function fileUrlKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = sharedKey<string>(db, "follow-link-hmac", () => randomBytes(32).toString("base64")).then((v) => Buffer.from(v, "base64"));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** A function giving each file of the link's order its signed address (for the view and the evidence chain). */
export async function fileUrlMaker(db: Db, linkId: string, now: Date) {
  const key = await fileUrlKey(db);
  return (name: string) => signedFileUrl(key, linkId, name, now);
}

/** "55" + the member's phone digits for wa.me (a leading 55 or 0 removed), null when it is not 10-11 digits. */
export function whatsAppNumber(phone: string | null | undefined): string | null {
  let digits = (phone ?? "").replace(/\D/g, "");
  // Area codes never start with 0, so an 11-12 digit number starting with 0 carries a long-distance prefix.
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) digits = digits.slice(2);
  else if ((digits.length === 11 || digits.length === 12) && digits.startsWith("0")) digits = digits.slice(1);
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : null;
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/** The WhatsApp text the point sends with the link (the client appends its origin and the path). */
export const followMessage = (memberName: string, plate: string, pointName: string) =>
  `Olá, ${firstName(memberName)}! Acompanhe o serviço do seu veículo ${plate} no ${pointName}: `;

const SITUATION: Record<string, MemberService["situacao"]> = { P: "pendente", A: "aprovado", R: "reprovado" };
const STEP_APPROVAL: Record<string, string> = { P: "aguardando aprovação", A: "aprovado", R: "não aprovado" };
const RETURN_SITUATION: Record<string, string> = { A: "Aberto", P: "Em atendimento", C: "Concluído" };

/** The last day (yyyy-MM-dd, Brasília) of a service's warranty: the order's end day + the service's days; null when none. */
export function warrantyEnd(finishedAt: Date | null, status: string, warrantyDays: number): string | null {
  if (status !== "C" || !finishedAt || warrantyDays <= 0) return null;
  return addDays(wallClock(finishedAt).date, warrantyDays);
}

/** Whether a warranty that ends on `end` still covers Brasília's today. */
export const withinWarranty = (end: string | null, now: Date) => end !== null && end >= wallClock(now).date;

/** The dd/mm/aaaa of a warranty's last day, for the refusal. */
export const warrantyEndBr = (end: string) => isoToBr(end);

const addressOf = (p: {
  address: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  uf: string | null;
}) => {
  const street = [p.address, p.complement].filter(Boolean).join(", ");
  const place = [p.district, [p.city, p.uf].filter(Boolean).join("/")].filter(Boolean).join(", ");
  return [street, place].filter(Boolean).join(" - ");
};

/** The order of a live link as the member's page shows it, every file as a signed address. */
export async function buildMemberView(db: Db, link: links.LinkWithOrder, now: Date): Promise<MemberView> {
  const order = await links.memberOrder(db, link.appointmentId);
  if (!order) throw invalidLink();
  const url = await fileUrlMaker(db, link.link.id, now);
  const [serviceRows, photoRows, notes, rating, returns, phone, inspections] = await Promise.all([
    links.orderServices(db, link.appointmentId),
    links.orderPhotos(db, link.appointmentId),
    links.visibleNotes(db, link.appointmentId),
    links.ratingOf(db, link.appointmentId),
    links.memberReturnsOf(db, link.appointmentId),
    links.pointPhone(db, order.point.id),
    inspectionsOf(db, link.appointmentId),
  ]);
  const a = order.appointment;
  const status = a.status;
  const scheduled = brasiliaInstant(a.date, a.time.slice(0, 5));
  const servicos: MemberService[] = serviceRows.map((s) => ({
    id: s.id,
    descricao: s.description,
    situacao: SITUATION[s.approvalStatus] ?? "pendente",
    garantiaAte: s.approvalStatus === "A" ? warrantyEnd(order.finishedAt, status, s.warrantyDays) : null,
    fotos: [s.photo1, s.photo2, s.photo3].filter((f): f is string => Boolean(f)).map(url),
    video: s.video ? url(s.video) : null,
    retornoAberto: returns.some((r) => r.serviceId === s.id && r.status !== "C"),
  }));
  const linhaDoTempo: MemberView["linhaDoTempo"] = [
    {
      etapa: "agendado",
      titulo: `Agendado para ${isoToBr(a.date)} às ${a.time.slice(0, 5)}`,
      // When it was booked: the steps are events in time order, and the booking's own day and time are in its title.
      em: a.createdAt.toISOString(),
    },
  ];
  if (order.startedAt) linhaDoTempo.push({ etapa: "iniciado", titulo: "Serviço iniciado", em: order.startedAt.toISOString() });
  for (const s of serviceRows) {
    linhaDoTempo.push({
      etapa: "servico",
      titulo: `${s.description}: ${STEP_APPROVAL[s.approvalStatus] ?? STEP_APPROVAL.P}`,
      em: (s.decidedAt ?? s.createdAt).toISOString(),
    });
  }
  if (status === "C") linhaDoTempo.push({ etapa: "concluido", titulo: "Serviço concluído", em: order.finishedAt?.toISOString() ?? null });
  if (status === "E") linhaDoTempo.push({ etapa: "cancelado", titulo: "Agendamento cancelado", em: null });
  // In time order (issue 50): an order started before its booked time, a service decided before the start; undated steps last.
  linhaDoTempo.sort((x, y) => (x.em === null ? 1 : y.em === null ? -1 : x.em.localeCompare(y.em)));
  const ended = status === "C";
  const validUntil = linkValidUntil(link);
  return {
    ponto: { nome: order.point.tradeName, endereco: addressOf(order.point), telefone: phone },
    veiculo: {
      placa: order.vehicle.plate,
      descricao: [order.vehicle.brand, order.vehicle.model, order.vehicle.year].filter(Boolean).join(" "),
    },
    socio: firstName(order.memberName),
    os: {
      numero: a.osNumber,
      situacao: status === "C" ? "concluido" : status === "E" ? "cancelado" : order.startedAt ? "em-andamento" : "agendado",
      agendadoPara: scheduled.toISOString(),
    },
    linhaDoTempo,
    servicos,
    videoInicial: a.initialVideo ? url(a.initialVideo) : null,
    videoFinal: a.finalVideo ? url(a.finalVideo) : null,
    fotos: photoRows.map((p) => url(p.file)),
    notas: notes.map((n) => ({ texto: n.text, em: n.createdAt.toISOString() })),
    avaliacao: rating ? { nota: rating.score, comentario: rating.comment, em: rating.createdAt.toISOString() } : null,
    podeAvaliar: ended && !rating,
    retornos: returns.map((r) => ({
      descricao: r.description,
      em: r.createdAt.toISOString(),
      situacao: RETURN_SITUATION[r.status] ?? r.status,
    })),
    // Not while each service within its warranty already has an open return (the server refuses a second one: 409).
    podePedirRetorno: ended && servicos.some((s) => withinWarranty(s.garantiaAte, now) && !s.retornoAberto),
    validoAte: validUntil?.toISOString() ?? null,
    // Only what the point concluded (issue 53): the content the evidence chain holds, check-in first.
    vistorias: inspections
      .filter((v) => v.concluidaEm !== null)
      .sort((x, y) => (x.tipo === y.tipo ? 0 : x.tipo === "entrada" ? -1 : 1))
      .map((v) => ({
        tipo: v.tipo,
        concluidaEm: v.concluidaEm!,
        km: v.km,
        combustivel: v.combustivel,
        fotoPainel: v.fotoPainel ? url(v.fotoPainel) : null,
        itens: v.itens.map((i) => ({ rotulo: i.rotulo, status: i.status, observacao: i.observacao, fotos: i.fotos.map(url) })),
        marcas: v.marcas.map((m) => ({
          numero: m.numero,
          vista: m.vista,
          x: m.x,
          y: m.y,
          observacao: m.observacao,
          fotos: m.fotos.map(url),
        })),
        confirmadaPor: v.confirmadaPor,
        confirmadaEm: v.confirmadaEm,
      })),
  };
}

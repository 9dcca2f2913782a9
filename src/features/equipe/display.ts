// How the Equipe screen writes its values: phone, last sign-in, a link's expiry (Brasília time) and the access link's
// WhatsApp message (main thread).
import { formatPhone } from "@brazilian-utils/brazilian-utils/format-phone";
import { TEAM_MSG } from "../../config/messages/team.pt-BR";
import { dateTimeText } from "../../lib/br-format";
import { phoneDigits } from "../../domain/team";
import type { AccessLink, TeamUser } from "./api/usuarios";

const M = TEAM_MSG.team;
/** An ISO instant as 'dd/mm/aaaa hh:mm' in Brasília time ('' when unreadable). */
export const formatDateTime = (iso: string | null | undefined): string => dateTimeText(iso)?.replace(", ", " ") ?? "";

/** '(81) 98888-1111' / '(81) 3333-4444'; null when there is none. */
export function phoneLabel(phone: string | null | undefined): string | null {
  const digits = phoneDigits(phone ?? "");
  return digits ? formatPhone(digits, { mask: "auto" }) : null;
}

/** 'Convite pendente' until the user creates a password; then the last sign-in, or 'Nunca'. */
export const lastAccessLabel = (u: TeamUser) =>
  !u.SenhaDefinida ? M.invitePending : u.UltimoAcesso ? formatDateTime(u.UltimoAcesso) || M.never : M.never;

/** The number in international form for wa.me: Brazil's 55 before the DDD and number (a 55 already there is not doubled). */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const national = phoneDigits(phone ?? "");
  return national ? `55${national}` : null;
}

/** The message sent with the link: an invitation or a new password. */
export function accessText(name: string, access: AccessLink): string {
  const until = formatDateTime(access.ExpiraEm);
  return access.Tipo === "convite" ? M.inviteText(name, access.Link, until) : M.resetText(name, access.Link, until);
}

/** wa.me with the message, for a user who has a phone; null otherwise. */
export function whatsappUrl(phone: string | null | undefined, text: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}

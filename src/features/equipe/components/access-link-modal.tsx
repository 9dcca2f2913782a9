// The access link of a user, after 'Adicionar usuário' (an invitation) or 'Gerar link de acesso' (an invitation or a new
// password): the link read-only, 'Copiar link' with a visible confirmation, and 'Enviar pelo WhatsApp' with the message when the
// user has a phone; the link works once and expires in 72 hours (main thread).
import { TEAM_MSG } from "../../../config/messages/team.pt-BR";
import { ACCESS_LINK_HOURS } from "../../../domain/team";
import { CopyLinkModal } from "../../../components/ui/copy-link-modal";
import type { AccessLink } from "../api/usuarios";
import { accessText, formatDateTime, whatsappUrl } from "../display";

const M = TEAM_MSG.team;

export interface AccessLinkTarget {
  name: string;
  phone: string | null;
  access: AccessLink;
}

export function AccessLinkModal({ name, phone, access, onClose }: AccessLinkTarget & { onClose: () => void }) {
  const invite = access.Tipo === "convite";
  const whatsapp = whatsappUrl(phone, accessText(name, access));
  return (
    <CopyLinkModal
      title={invite ? M.linkTitleInvite : M.linkTitleReset}
      intro={invite ? M.linkIntroInvite(name) : M.linkIntroReset(name)}
      rules={M.linkRules(ACCESS_LINK_HOURS, formatDateTime(access.ExpiraEm))}
      link={access.Link}
      texts={M}
      classes={{ link: "team-link", copied: "team-copied", actions: "team-link-actions" }}
      note={!whatsapp && <p className="muted">{M.noPhoneForWhatsapp}</p>}
      action={
        whatsapp && (
          <a className="btn team-whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer">
            {M.whatsapp}
          </a>
        )
      }
      onClose={onClose}
    />
  );
}

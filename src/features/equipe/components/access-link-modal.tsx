// The access link of a user, after 'Adicionar usuário' (an invitation) or 'Gerar link de acesso' (an invitation or a new
// password): the link read-only, 'Copiar link' with a visible confirmation, and 'Enviar pelo WhatsApp' with the message when the
// user has a phone; the link works once and expires in 72 hours (main thread).
import { useId, useState } from "react";
import { TEAM_MSG } from "../../../config/messages/team.pt-BR";
import { ACCESS_LINK_HOURS } from "../../../domain/team";
import { Modal } from "../../../components/ui/modal";
import type { AccessLink } from "../api/usuarios";
import { accessText, formatDateTime, whatsappUrl } from "../display";

const M = TEAM_MSG.team;

export interface AccessLinkTarget {
  name: string;
  phone: string | null;
  access: AccessLink;
}

export function AccessLinkModal({ name, phone, access, onClose }: AccessLinkTarget & { onClose: () => void }) {
  const id = useId();
  const [copy, setCopy] = useState<"" | "copied" | "failed">("");
  const invite = access.Tipo === "convite";
  const whatsapp = whatsappUrl(phone, accessText(name, access));

  const onCopy = () => {
    const field = document.getElementById(`${id}-link`) as HTMLInputElement | null;
    const copied = navigator.clipboard?.writeText(access.Link) ?? Promise.reject(new Error("no clipboard"));
    copied.then(
      () => setCopy("copied"),
      () => {
        // Without clipboard access (an old browser, a refused permission) the link is selected for a manual copy.
        field?.focus();
        field?.select();
        setCopy("failed");
      },
    );
  };

  return (
    <Modal open title={invite ? M.linkTitleInvite : M.linkTitleReset} onClose={onClose}>
      <p>{invite ? M.linkIntroInvite(name) : M.linkIntroReset(name)}</p>
      <p className="muted">{M.linkRules(ACCESS_LINK_HOURS, formatDateTime(access.ExpiraEm))}</p>
      <label htmlFor={`${id}-link`}>{M.link}</label>
      <input id={`${id}-link`} type="text" className="team-link" value={access.Link} readOnly onFocus={(e) => e.currentTarget.select()} />
      <p className={copy === "failed" ? "form-error" : "team-copied"} role="status">
        {copy === "copied" ? M.copied : copy === "failed" ? M.copyFailed : ""}
      </p>
      {!whatsapp && <p className="muted">{M.noPhoneForWhatsapp}</p>}
      <div className="modal-actions team-link-actions">
        <button type="button" className="btn btn-primary" onClick={onCopy}>
          {M.copy}
        </button>
        {whatsapp && (
          <a className="btn team-whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer">
            {M.whatsapp}
          </a>
        )}
        <button type="button" className="btn" onClick={onClose}>
          {M.close}
        </button>
      </div>
    </Modal>
  );
}

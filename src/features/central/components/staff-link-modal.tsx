// The invitation's link after 'Convidar colega' or 'Novo convite': the link read-only, 'Copiar link' with a visible
// confirmation (or the link selected for a manual copy), its single use and expiry (main thread).
import { useId, useState } from "react";
import { Modal } from "../../../components/ui/modal";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import { ACCESS_LINK_HOURS } from "../../../domain/team";
import { dateTimeText } from "../../../lib/br-format";
import type { AccessLink } from "../api/staff";

export interface StaffLinkTarget {
  name: string;
  access: AccessLink;
}

export function StaffLinkModal({ name, access, onClose }: StaffLinkTarget & { onClose: () => void }) {
  const id = useId();
  const [copy, setCopy] = useState<"" | "copied" | "failed">("");
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
    <Modal open title={M.linkTitle} onClose={onClose}>
      <p>{M.linkIntro(name)}</p>
      <p className="muted">{M.linkRules(ACCESS_LINK_HOURS, dateTimeText(access.ExpiraEm) ?? "")}</p>
      <label htmlFor={`${id}-link`}>{M.link}</label>
      <input id={`${id}-link`} type="text" className="staff-link" value={access.Link} readOnly onFocus={(e) => e.currentTarget.select()} />
      <p className={copy === "failed" ? "form-error" : "staff-copied"} role="status">
        {copy === "copied" ? M.copied : copy === "failed" ? M.copyFailed : ""}
      </p>
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={onCopy}>
          {M.copy}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {M.close}
        </button>
      </div>
    </Modal>
  );
}

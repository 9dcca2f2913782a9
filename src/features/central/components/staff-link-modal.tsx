// The invitation's link after 'Convidar colega' or 'Novo convite': the link read-only, 'Copiar link' with a visible
// confirmation (or the link selected for a manual copy), its single use and expiry (main thread).
import { CopyLinkModal } from "../../../components/ui/copy-link-modal";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import { ACCESS_LINK_HOURS } from "../../../domain/team";
import { dateTimeText } from "../../../lib/br-format";
import type { AccessLink } from "../api/staff";

export interface StaffLinkTarget {
  name: string;
  access: AccessLink;
}

export function StaffLinkModal({ name, access, onClose }: StaffLinkTarget & { onClose: () => void }) {
  return (
    <CopyLinkModal
      title={M.linkTitle}
      intro={M.linkIntro(name)}
      rules={M.linkRules(ACCESS_LINK_HOURS, dateTimeText(access.ExpiraEm) ?? "")}
      link={access.Link}
      texts={M}
      classes={{ link: "staff-link", copied: "staff-copied" }}
      onClose={onClose}
    />
  );
}

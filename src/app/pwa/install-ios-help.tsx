// The iPhone/iPad how-to for installing the app: Safari has no install offer, the user adds it from the Share menu (main thread).
import { Icon, shareIcon, squarePlusIcon } from "../../components/ui/icon";
import { createPortal } from "react-dom";
import { MSG } from "../../config/messages.pt-BR";
import { Modal } from "../../components/ui/modal";
import "./install.css";

/** Portalled to the body: opened from the account menu, the dialog must not sit inside the page's header (a nested banner). */
export function InstallIosHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = MSG.install;
  if (!open) return null;
  return createPortal(
    <Modal open={open} title={t.action} onClose={onClose}>
      <p className="install-steps">
        {t.iosTap} <Icon icon={shareIcon} className="install-step-icon" size={20} /> <strong>{t.iosShare}</strong> {t.iosThen}{" "}
        <Icon icon={squarePlusIcon} className="install-step-icon" size={20} /> <strong>{t.iosAdd}</strong>.
      </p>
      <p className="muted">{t.iosHint}</p>
    </Modal>,
    document.body,
  );
}

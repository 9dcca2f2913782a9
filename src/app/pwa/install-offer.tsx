// Offers installing the app once per device, right after its first finished order ('OS finalizada com sucesso!', told by the
// finish watcher): a toast with 'Instalar o app' and 'Agora não'; once shown it never comes back (main thread, background chunk).
import { useState } from "react";
import { MSG } from "../../config/messages.pt-BR";
import { orderOf } from "../../domain/outbox-job";
import { finishesOrder } from "../../domain/outbox-steps";
import { jobWatcher } from "../../lib/outbox/outbox-store";
import { InstallIosHelp } from "./install-ios-help";
import { installWay, promptInstall } from "./install-state";

/** localStorage: set when the offer was shown on this device (whatever the answer), so it is made once. */
export const INSTALL_OFFERED_KEY = "installOffered";

function InstallOffer({ closeToast }: { closeToast?: () => void }) {
  const [help, setHelp] = useState(false);
  const t = MSG.install;
  const close = () => closeToast?.();
  return (
    <div className="install-offer">
      <p>{t.offer}</p>
      <div className="install-offer-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            if (installWay() === "ios") return setHelp(true);
            close();
            void promptInstall();
          }}
        >
          {t.action}
        </button>
        <button type="button" className="btn" onClick={close}>
          {t.later}
        </button>
      </div>
      <InstallIosHelp open={help} onClose={close} />
    </div>
  );
}

/** After a finished order: the offer, when this device can install the app now and was never offered it. */
export function offerInstallOnce(): void {
  try {
    if (localStorage.getItem(INSTALL_OFFERED_KEY) || !installWay()) return;
    localStorage.setItem(INSTALL_OFFERED_KEY, "1");
  } catch {
    return; // storage refused (private mode): better no offer than one on every finish
  }
  void import("react-toastify").then(({ toast }) =>
    toast(({ closeToast }) => <InstallOffer closeToast={closeToast} />, {
      toastId: "install-offer",
      autoClose: false,
      closeOnClick: false,
      draggable: false,
    }),
  );
}

const watch = jobWatcher(
  (job) => (finishesOrder(job) ? orderOf(job) : null),
  () => offerInstallOnce(),
);

/** Registered with the finish watcher by the shell's background work, for the tab's lifetime. */
export const watchInstallOffer = (): void => watch();

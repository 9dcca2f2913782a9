// 'Instalar o app' in the account menu (main thread, loaded when the menu first opens): the browser's install dialog where it kept
// an offer, the Share-menu how-to on iPhone and iPad, nothing once the app is installed or opened from the home screen.
import { useState } from "react";
import { useSnapshot } from "valtio";
import { MSG } from "../../config/messages.pt-BR";
import { installStore } from "./install-capture";
import { InstallIosHelp } from "./install-ios-help";
import { installWay, promptInstall } from "./install-state";

/** `onDone` closes the menu; the how-to modal keeps it open underneath (the modal lives inside it). */
export default function InstallMenuItem({ onDone }: { onDone: () => void }) {
  const snap = useSnapshot(installStore);
  const [help, setHelp] = useState(false);
  const way = installWay(snap);
  if (!way && !help) return null;
  return (
    <>
      <button
        type="button"
        role="menuitem"
        className="dropdown-item"
        aria-haspopup={way === "ios" ? "dialog" : undefined}
        onClick={() => {
          if (way === "ios") return setHelp(true);
          onDone();
          void promptInstall();
        }}
      >
        {MSG.install.action}
      </button>
      <InstallIosHelp open={help} onClose={() => setHelp(false)} />
    </>
  );
}

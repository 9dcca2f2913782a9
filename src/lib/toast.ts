// The app's toasts (main thread), kept out of the entry chunk: react-toastify (its `toast` and its container share one module)
// loads with the first toast or with the container, which app/toast-host.tsx mounts after the first paint. react-toastify
// queues a toast raised before its container mounts and shows it then, so none is lost; calls keep their order.
type Kind = "success" | "error" | "info" | "warning";

const show =
  (kind: Kind) =>
  (message: string): void => {
    void import("react-toastify").then(({ toast: library }) => library[kind](message));
  };

export const toast = { success: show("success"), error: show("error"), info: show("info"), warning: show("warning") };

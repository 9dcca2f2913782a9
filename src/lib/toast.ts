// The app's toasts (main thread), kept out of the entry chunk: react-toastify (its `toast` and its container share one module)
// loads with the first toast or with the container, which app/toast-host.tsx mounts after the first paint. react-toastify
// queues a toast raised before its container mounts and shows it then, so none is lost; calls keep their order.
type Kind = "success" | "error" | "info" | "warning";

/** `id`: one toast per id (a second with the same id is not shown again), and `toast.dismiss(id)` takes it away. */
const show =
  (kind: Kind) =>
  (message: string, opts: { id?: string } = {}): void => {
    void import("react-toastify").then(({ toast: library }) => library[kind](message, opts.id ? { toastId: opts.id } : {}));
  };

export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  warning: show("warning"),
  /** Takes the toast away as soon as what it says is no longer true (e.g. a compression that ended). */
  dismiss: (id: string): void => void import("react-toastify").then(({ toast: library }) => library.dismiss(id)),
};

// The app's root: the app under StrictMode, and the toast container beside it, loaded after the first paint (main thread).
import { lazy, StrictMode, Suspense, type ReactNode } from "react";

const ToastHost = lazy(() => import("./toast-host"));

/**
 * The toast container stays outside StrictMode. react-toastify hands the toasts raised before it mounts to the first container
 * that subscribes; React's StrictMode remounts components in development and test builds, which replaced that container with an
 * empty one and lost those toasts (e.g. 'OS finalizada com sucesso!' when a resumed finish landed before the container loaded).
 */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <>
      <StrictMode>{children}</StrictMode>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </>
  );
}

// Full-screen loading indicator while the session or a page chunk is loading (main thread).
import { MSG } from "../config/messages.pt-BR";

export function LoadingScreen({ label = MSG.session.loading }: { label?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

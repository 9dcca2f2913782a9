// A card whose own call failed: the message and a retry button, while the other cards of the screen stay usable (main thread).
import { MSG } from "../../../config/messages.pt-BR";

export function CardError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card-error">
      <p className="form-error" role="alert">{message}</p>
      <button type="button" className="btn" onClick={onRetry}>{MSG.agenda.retry}</button>
    </div>
  );
}

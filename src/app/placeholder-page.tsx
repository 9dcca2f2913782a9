// Title and notice for screens whose issue has not landed yet, so a route is never blank (main thread).
import { MSG } from "../config/messages.pt-BR";

export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      <p className="muted">{MSG.placeholder}</p>
    </section>
  );
}

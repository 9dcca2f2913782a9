// Not-found page: 404, 'Página não encontrada', Início and Voltar (main thread).
import { useLocation } from "wouter";
import { MSG } from "../config/messages.pt-BR";
import { PATHS } from "../config/paths";

export default function NotFoundPage() {
  const [, navigate] = useLocation();
  return (
    <main className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{MSG.notFound.title}</h1>
      <p className="muted">O endereço acessado não existe ou foi removido.</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => navigate(PATHS.agenda)}>
          Início
        </button>
        <button type="button" className="btn" onClick={() => window.history.back()}>
          Voltar
        </button>
      </div>
    </main>
  );
}

// The member's follow page (/acompanhar#<token>): the point, the vehicle, the order's steps, services, videos, photos and notes,
// read every 30 s while the order is open; after its end, the rating and the return request (main thread).
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { MemberService, MemberView } from "../../contract/acompanhamento";
import { MEMBER_MSG } from "../config/messages/member.pt-BR";
import { OrderTimeline } from "./components/order-timeline";
import { ServiceList } from "./components/service-list";
import { OrderMedia } from "./components/order-media";
import { EvidenceSection } from "./components/evidence-section";
import { dateTime, todayInBrasilia } from "./format";
import { displayPlate } from "../domain/plate";
import { isInvalidLink, isOpenOrder, isTokenShape, memberViewQuery } from "./query-options";

// The forms exist only after the order's end: chunks of their own, fetched when shown.
const MemberRatingForm = lazy(() => import("./components/member-rating-form"));
const MemberReturnForm = lazy(() => import("./components/member-return-form"));

/** The page's frame, the same header as the HTML's skeleton (acompanhar.html), so the first paint does not move. */
export function MemberFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="m-header">
        <h1>{MEMBER_MSG.title}</h1>
      </header>
      <main className="m-main">{children}</main>
    </>
  );
}

export function MemberPage({ token }: { token: string }) {
  const shaped = isTokenShape(token);
  const query = useQuery({ ...memberViewQuery(token), enabled: shaped });
  if (!shaped || isInvalidLink(query.error)) {
    return (
      <MemberFrame>
        <section className="m-card m-invalid" role="alert">
          <h2>{MEMBER_MSG.invalidTitle}</h2>
          <p>{MEMBER_MSG.invalid}</p>
        </section>
      </MemberFrame>
    );
  }
  if (!query.data) {
    return (
      <MemberFrame>
        {query.isError ? (
          <div className="m-card" role="alert">
            <p className="m-error">{query.error.message}</p>
            <button type="button" className="m-btn" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {MEMBER_MSG.retry}
            </button>
          </div>
        ) : (
          <p className="m-muted" role="status">
            {MEMBER_MSG.loading}
          </p>
        )}
      </MemberFrame>
    );
  }
  return (
    <MemberFrame>
      <OrderView token={token} view={query.data} />
    </MemberFrame>
  );
}

function telHref(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return `tel:${digits.length === 10 || digits.length === 11 ? `+55${digits}` : digits}`;
}

function OrderView({ token, view }: { token: string; view: MemberView }) {
  const open = isOpenOrder(view);
  const scheduled = dateTime(view.os.agendadoPara);
  const validUntil = dateTime(view.validoAte);
  return (
    <>
      <p className="m-greeting">{MEMBER_MSG.greeting(view.socio)}</p>
      <section className="m-card" aria-labelledby="m-order">
        <h2 id="m-order">{MEMBER_MSG.order(view.os.numero)}</h2>
        <dl className="m-fields">
          <div>
            <dt>{MEMBER_MSG.situation}</dt>
            <dd>
              <span className={`m-badge is-${view.os.situacao}`}>{MEMBER_MSG.situations[view.os.situacao]}</span>
            </dd>
          </div>
          {scheduled && (
            <div>
              <dt>{MEMBER_MSG.scheduledFor}</dt>
              <dd>{scheduled}</dd>
            </div>
          )}
          <div>
            <dt>{MEMBER_MSG.vehicle}</dt>
            <dd>{view.veiculo.descricao}</dd>
          </div>
          <div>
            <dt>{MEMBER_MSG.plate}</dt>
            <dd className="m-plate">{displayPlate(view.veiculo.placa)}</dd>
          </div>
        </dl>
        {open && <p className="m-hint">{MEMBER_MSG.autoRefresh}</p>}
      </section>
      <section className="m-card" aria-labelledby="m-point">
        <h2 id="m-point">{MEMBER_MSG.point}</h2>
        <p className="m-point-name">{view.ponto.nome}</p>
        <p>{view.ponto.endereco}</p>
        {view.ponto.telefone && (
          <a className="m-btn" href={telHref(view.ponto.telefone)} aria-label={MEMBER_MSG.call(view.ponto.telefone)}>
            {view.ponto.telefone}
          </a>
        )}
      </section>
      <OrderTimeline steps={view.linhaDoTempo} />
      <ServiceList services={view.servicos} />
      <OrderMedia view={view} />
      {view.notas.length > 0 && (
        <section className="m-card" aria-labelledby="m-notes">
          <h2 id="m-notes">{MEMBER_MSG.notes}</h2>
          <ul className="m-notes">
            {view.notas.map((n, i) => (
              <li key={`${n.em}-${i}`}>
                <p>{n.texto}</p>
                <time className="m-hint" dateTime={n.em}>
                  {dateTime(n.em)}
                </time>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(view.avaliacao || view.podeAvaliar) && <RatingSection token={token} view={view} />}
      {(view.podePedirRetorno || view.retornos.length > 0) && <ReturnSection token={token} view={view} />}
      <EvidenceSection token={token} />
      {validUntil && <p className="m-hint m-footer">{MEMBER_MSG.validUntil(validUntil)}</p>}
    </>
  );
}

function RatingSection({ token, view }: { token: string; view: MemberView }) {
  const [thanked, setThanked] = useState(false);
  const thanks = useRef<HTMLParagraphElement>(null);
  // The button that sent the rating is gone once the rating shows: the focus goes to the thanks, which a screen reader reads.
  useEffect(() => {
    if (thanked && view.avaliacao) thanks.current?.focus();
  }, [thanked, view.avaliacao]);
  return (
    <section className="m-card" aria-labelledby="m-rating">
      <h2 id="m-rating">{MEMBER_MSG.rating.title}</h2>
      <p ref={thanks} tabIndex={-1} role="status" className="m-success">
        {thanked ? MEMBER_MSG.rating.thanks : ""}
      </p>
      {view.avaliacao ? (
        <div className="m-rated">
          <p>
            {MEMBER_MSG.rating.yours}: <strong>{MEMBER_MSG.rating.score(view.avaliacao.nota)}</strong>
          </p>
          <p className="m-stars-shown" aria-hidden="true">
            {"★".repeat(view.avaliacao.nota)}
            {"☆".repeat(5 - view.avaliacao.nota)}
          </p>
          {view.avaliacao.comentario && <p className="m-quote">{view.avaliacao.comentario}</p>}
        </div>
      ) : (
        <Suspense fallback={<p className="m-muted">{MEMBER_MSG.loading}</p>}>
          <MemberRatingForm token={token} onRated={() => setThanked(true)} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * The services the member may still ask a return of: a warranty that ends today or later and no return of it still open (the
 * server checks both again).
 */
const withinWarranty = (services: MemberService[], today: string) =>
  services.filter((s) => s.garantiaAte !== null && s.garantiaAte >= today && !s.retornoAberto);

function ReturnSection({ token, view }: { token: string; view: MemberView }) {
  const [formOpen, setFormOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const eligible = withinWarranty(view.servicos, todayInBrasilia());
  const close = () => {
    setFormOpen(false);
    // Back to the button that opened the form, so the keyboard does not fall to the page's top.
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <section className="m-card" aria-labelledby="m-return">
      <h2 id="m-return">{MEMBER_MSG.returns.title}</h2>
      <p role="status" className="m-success">
        {sent ? MEMBER_MSG.returns.sent : ""}
      </p>
      {view.retornos.length > 0 && (
        <>
          <h3>{MEMBER_MSG.returns.listTitle}</h3>
          <ul className="m-returns">
            {view.retornos.map((r, i) => (
              <li key={`${r.em}-${i}`}>
                <p className="m-hint">{MEMBER_MSG.returns.sentAt(dateTime(r.em) ?? r.em)}</p>
                <p>{r.descricao}</p>
                <p className="m-badge">{r.situacao}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      {view.podePedirRetorno && eligible.length > 0 && (
        <>
          {!formOpen && <p className="m-muted">{MEMBER_MSG.returns.intro}</p>}
          {formOpen ? (
            <Suspense fallback={<p className="m-muted">{MEMBER_MSG.loading}</p>}>
              <MemberReturnForm
                token={token}
                services={eligible}
                onSent={() => {
                  setSent(true);
                  close();
                }}
                onCancel={close}
              />
            </Suspense>
          ) : (
            <button
              ref={opener}
              type="button"
              className="m-btn m-btn-primary"
              onClick={() => {
                setSent(false);
                setFormOpen(true);
              }}
            >
              {MEMBER_MSG.returns.open}
            </button>
          )}
        </>
      )}
    </section>
  );
}

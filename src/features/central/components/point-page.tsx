// Central do Programa — one point's page (/central/pontos/:id): its flags and figures, links to its approvals, payouts and
// record of changes (the lists filtered by ?ponto=), contacts and registration, team (read only), bank data masked with the
// payment data's change history, and its latest orders; one call for the page, one for the history (main thread).
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { AuditTimeline } from "../../../components/audit/audit-list";
import { QueryState } from "../../../components/ui/query-state";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { CENTRAL_PATHS } from "../../../config/paths";
import { CENTRAL_POINTS_MSG } from "../../../config/messages/central-points.pt-BR";
import { ACCOUNT_TYPE_LABELS, PIX_KEY_TYPE_LABELS, isAccountType, isPixKeyType } from "../../../domain/bank-data";
import { isoToBr } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { displayPlate } from "../../../domain/plate";
import { formatDocument } from "../../../lib/br-format";
import type { MaskedBankAccount, PointOrder, PointPage as PointPageData, PointTeamMember } from "../api/points";
import { payeeAuditQuery } from "../query-options";
import { pointPageQuery } from "../points-queries";
import { Activity, FlagBadges, placeOf, Rating } from "./point-list";
import { RegistrationData } from "./point-page-registration";

const t = CENTRAL_POINTS_MSG.page;

const TEAM_COLUMNS: readonly Column<PointTeamMember>[] = [
  { id: "name", header: t.teamCols.name, cell: (u) => u.Nome, card: "title" },
  { id: "email", header: t.teamCols.email, cell: (u) => <span className="point-page-break">{u.Email}</span> },
  { id: "phone", header: t.teamCols.phone, cell: (u) => u.Telefone || <span className="muted">{t.notInformed}</span> },
  { id: "role", header: t.teamCols.role, cell: (u) => u.Cargo },
  {
    id: "status",
    header: t.teamCols.status,
    cell: (u) => (
      <>
        <span className={`status-badge ${u.Ativo ? "status-done" : "status-cancelled"}`}>{u.Ativo ? t.active : t.inactive}</span>
        {u.Principal && <span className="status-badge status-active point-page-principal">{t.principal}</span>}
      </>
    ),
  },
];

const methodOf = (b: MaskedBankAccount) =>
  b.TipoPagamento === "PIX"
    ? `PIX${b.TipoChavePix && isPixKeyType(b.TipoChavePix) ? ` · ${PIX_KEY_TYPE_LABELS[b.TipoChavePix]}` : ""}`
    : `Transferência${b.TipoConta && isAccountType(b.TipoConta) ? ` · ${ACCOUNT_TYPE_LABELS[b.TipoConta]}` : ""}`;

const bc = t.bankCols;
const BANK_COLUMNS: readonly Column<MaskedBankAccount>[] = [
  { id: "method", header: bc.method, cell: methodOf, card: "title" },
  { id: "key", header: bc.key, cell: (b) => b.ChavePix ?? "—", cardCell: (b) => b.ChavePix },
  { id: "bank", header: bc.bank, cell: (b) => b.Banco ?? "—", cardCell: (b) => b.Banco },
  { id: "agency", header: bc.agency, cell: (b) => b.NumeroAgencia ?? "—", cardCell: (b) => b.NumeroAgencia },
  { id: "account", header: bc.account, cell: (b) => b.NumeroConta ?? "—", cardCell: (b) => b.NumeroConta },
  { id: "holder", header: bc.holder, cell: (b) => b.NomeTitular },
  { id: "document", header: bc.document, cell: (b) => b.DocumentoTitular ?? "—", cardCell: (b) => b.DocumentoTitular },
  {
    id: "selected",
    header: bc.selected,
    cell: (b) => (b.Selecionado ? <span className="status-badge status-done">{t.selected}</span> : t.notSelected),
  },
];

const oc = t.ordersCols;
const ORDER_COLUMNS: readonly Column<PointOrder>[] = [
  { id: "os", header: oc.os, cell: (o) => o.NumeroOS, cardCell: (o) => `OS ${o.NumeroOS}`, card: "title" },
  { id: "date", header: oc.date, cell: (o) => `${isoToBr(o.DataAgendamento)} ${o.HoraAgendamento}`, className: "points-nowrap" },
  { id: "plate", header: oc.plate, cell: (o) => displayPlate(o.Placa) },
  { id: "status", header: oc.status, cell: (o) => o.Situacao },
  { id: "pending", header: oc.pending, cell: (o) => o.ServicosPendentes, className: "points-number" },
  {
    id: "payout",
    header: oc.payout,
    cell: (o) => (o.ValorRepasse === null ? t.noPayout : formatBRL(o.ValorRepasse)),
    cardCell: (o) => (o.ValorRepasse === null ? null : formatBRL(o.ValorRepasse)),
    className: "points-number",
  },
  {
    id: "paid",
    header: oc.paid,
    cell: (o) => (o.Pago ? t.paid[o.Pago] : t.noPayout),
    cardCell: (o) => (o.Pago ? t.paid[o.Pago] : null),
  },
];

/** A card of the page: an h2 and its content, named by its heading. */
function Part({ id, title, children, className = "" }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`card point-page-part ${className}`} aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PaymentHistory({ pointId }: { pointId: string }) {
  const history = useQuery(payeeAuditQuery(pointId));
  return (
    <QueryState
      query={history}
      variant="card"
      loading={t.historyLoading}
      error={history.error?.message || t.historyFailed}
      empty={t.historyEmpty}
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => <AuditTimeline rows={rows} label={t.history} />}
    </QueryState>
  );
}

function PointPageBody({ data }: { data: PointPageData }) {
  const p = data.Ponto;
  const id = p.IdPontoAtendimento;
  const filtered = (path: string) => `${path}?ponto=${encodeURIComponent(id)}`;
  return (
    <>
      <header className="page-header point-page-header">
        <h1 id="ponto-titulo" className="page-title">
          {p.NomeFantasia}
        </h1>
        <p className="muted point-page-sub">{`CNPJ ${formatDocument(p.Cnpj)} · ${placeOf(p)}`}</p>
      </header>
      <div className="point-page-grid">
        <Part id="ponto-sinalizacoes" title={t.flags} className="point-page-wide">
          {p.Sinalizacoes.length === 0 ? <p className="muted">{t.noFlags}</p> : <FlagBadges flags={p.Sinalizacoes} />}
          {data.MotivoRetencao && (
            <p className="point-page-held" role="note">
              <strong>{t.held}:</strong> {data.MotivoRetencao}
            </p>
          )}
        </Part>
        <Part id="ponto-resumo" title={t.figures}>
          <dl className="field-list point-page-figures">
            <dt>{t.rating30}</dt>
            <dd>
              <Rating average={p.MediaAvaliacao30Dias} count={p.AvaliacoesRecentes} />
            </dd>
            <dt>{t.ratingAll}</dt>
            <dd>
              <Rating average={p.MediaAvaliacao} count={p.QuantidadeAvaliacoes} />
            </dd>
            <dt>{t.returns}</dt>
            <dd>{p.RetornosAbertos}</dd>
            <dt>{t.pendingApprovals}</dt>
            <dd>{p.AprovacoesPendentes}</dd>
            <dt>{t.payoutsDue}</dt>
            <dd>{t.payoutsDueValue(p.RepassesDevidos, formatBRL(p.ValorDevido))}</dd>
            <dt>{t.monthOrders}</dt>
            <dd>{p.OrdensNoMes}</dd>
            <dt>{t.activity}</dt>
            <dd>
              <Activity iso={p.UltimaAtividade} />
            </dd>
          </dl>
        </Part>
        <Part id="ponto-listas" title={t.links}>
          <ul className="point-page-links">
            <li>
              <Link href={filtered(CENTRAL_PATHS.approvals)} className="btn">
                {`${t.approvalsLink} (${p.AprovacoesPendentes})`}
              </Link>
            </li>
            <li>
              <Link href={filtered(CENTRAL_PATHS.payments)} className="btn">
                {`${t.paymentsLink} (${p.RepassesDevidos})`}
              </Link>
            </li>
            <li>
              <Link href={filtered(CENTRAL_PATHS.audit)} className="btn">
                {t.auditLink}
              </Link>
            </li>
          </ul>
        </Part>
        <Part id="ponto-cadastro" title={t.registration} className="point-page-wide">
          <RegistrationData data={data.Cadastro} />
        </Part>
        <Part id="ponto-equipe" title={t.team} className="point-page-wide">
          {data.Equipe.length === 0 ? (
            <p className="muted">{t.teamEmpty}</p>
          ) : (
            <ResponsiveList
              name={["agenda", "point-page"]}
              label={t.teamLabel}
              titleLevel={3}
              rows={data.Equipe}
              columns={TEAM_COLUMNS}
              rowKey={(u) => u.IdPontoAtendimentoUsuario}
            />
          )}
        </Part>
        <Part id="ponto-banco" title={t.bank} className="point-page-wide">
          <p className="muted">{t.bankMaskedNote}</p>
          {data.DadosBancarios.length === 0 ? (
            <p>{t.bankEmpty}</p>
          ) : (
            <ResponsiveList
              name={["agenda", "point-page"]}
              label={t.bankLabel}
              titleLevel={3}
              rows={data.DadosBancarios}
              columns={BANK_COLUMNS}
              rowKey={(b) => b.IdDadoBancario}
            />
          )}
          {!data.Retido && <p className="muted">{t.notHeld}</p>}
          <h3 className="point-registration-title">{t.history}</h3>
          <PaymentHistory pointId={id} />
        </Part>
        <Part id="ponto-ordens" title={t.orders} className="point-page-wide">
          {data.Ordens.length === 0 ? (
            <p className="muted">{t.ordersEmpty}</p>
          ) : (
            <ResponsiveList
              name={["agenda", "point-page"]}
              label={t.ordersLabel}
              titleLevel={3}
              rows={data.Ordens}
              columns={ORDER_COLUMNS}
              rowKey={(o) => o.IdSocioVeiculoAgenda}
            />
          )}
        </Part>
      </div>
    </>
  );
}

export function PointPage({ id }: { id: string }) {
  const query = useQuery(pointPageQuery(id));
  return (
    <section className="page central-point-page">
      <p className="point-page-back">
        <Link href={CENTRAL_PATHS.points}>{`← ${t.back}`}</Link>
      </p>
      {/* Until the point's name is known (loading, error, unknown point) the page keeps a heading of its own. */}
      {query.data === undefined && <h1 className="page-title">{t.fallbackTitle}</h1>}
      <QueryState query={query} loading={t.loading} error={query.error?.message || t.loadFailed}>
        {(data) => <PointPageBody data={data} />}
      </QueryState>
    </section>
  );
}

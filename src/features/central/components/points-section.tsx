// Central do Programa — Pontos de Atendimento (/central/pontos): every service point with its rating average, open service
// returns, orders this month and last activity; a search by name, CNPJ or city (kept in the URL, ?busca=), Atualizar, and each
// point's registration in a read-only modal (main thread).
import { useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import { QueryState } from "../../../components/ui/query-state";
import { formatDocument } from "../../../lib/br-format";
import type { PointSummary } from "../api/central";
import { CENTRAL_LOAD_FAILED, pointsQuery } from "../query-options";
import { PointList } from "./point-list";
import { PointRegistrationModal } from "./point-registration-modal";
import "./points.css";

export const POINTS_TEXT = {
  title: "Pontos de Atendimento",
  refresh: "Atualizar",
  refreshing: "Atualizando...",
  searchLabel: "Buscar por nome, CNPJ ou cidade",
  searchForm: "Busca de pontos de atendimento",
  loading: "Carregando pontos de atendimento...",
  empty: "Nenhum ponto de atendimento cadastrado.",
  noMatch: (q: string) => `Nenhum ponto encontrado para “${q}”.`,
  clear: "Limpar busca",
  count: (n: number) => (n === 1 ? "1 ponto de atendimento" : `${n} pontos de atendimento`),
  showing: (shown: number, total: number) => `Mostrando ${shown} de ${total} ${total === 1 ? "ponto" : "pontos"}`,
} as const;
const t = POINTS_TEXT;
const SEARCH_PARAM = "busca";

/** Lower case without accents: "São Paulo" and "sao paulo" are the same search. */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("pt-BR");
const digitsOf = (s: string) => s.replace(/\D/g, "");

/**
 * Whether a point answers the search: every word typed is found in its trade or corporate name, city, UF or CNPJ. A word made of
 * digits and CNPJ punctuation is also looked up in the CNPJ's digits, so "11222333", "11.222.333" and "0001-81" all find it.
 */
export function matchesSearch(point: PointSummary, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = fold([point.NomeFantasia, point.RazaoSocial, point.Cidade ?? "", point.Uf ?? "", formatDocument(point.Cnpj)].join(" "));
  const cnpjDigits = digitsOf(point.Cnpj);
  return words.every((w) => text.includes(w) || (/^[\d./-]+$/.test(w) && digitsOf(w) !== "" && cnpjDigits.includes(digitsOf(w))));
}

function useSearchParam(): [string, (value: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const inUrl = new URLSearchParams(search).get(SEARCH_PARAM) ?? "";
  const [value, setValue] = useState(inUrl);
  // The URL's value this field last wrote or followed: when the URL changes otherwise (the Pontos tab clicked during a
  // search), the field follows it.
  const [synced, setSynced] = useState(inUrl);
  if (inUrl !== synced) {
    setSynced(inUrl);
    setValue(inUrl);
  }
  const update = (next: string) => {
    const written = next.trim() ? next : "";
    setValue(next);
    setSynced(written);
    const q = new URLSearchParams(search);
    if (written) q.set(SEARCH_PARAM, written);
    else q.delete(SEARCH_PARAM);
    // Replaced, not pushed: back leaves the screen instead of stepping through every letter typed.
    navigate(q.size ? `${location}?${q.toString()}` : location, { replace: true });
  };
  return [value, update];
}

export function PointsSection() {
  const list = useQuery(pointsQuery());
  const [search, setSearch] = useSearchParam();
  const points = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => points.filter((p) => matchesSearch(p, search)), [points, search]);
  // The modal is section state, outside the list, so a reload of the rows never closes it.
  const [open, setOpen] = useState<PointSummary | null>(null);
  const searching = search.trim() !== "";
  const searchRef = useRef<HTMLInputElement>(null);

  return (
    <section className="page central-points" aria-labelledby="pontos-titulo">
      <header className="page-header central-points-header">
        <h1 id="pontos-titulo" className="page-title">
          {t.title}
        </h1>
        <button type="button" className="btn" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching && !list.isPending ? t.refreshing : t.refresh}
        </button>
      </header>
      <form className="card central-points-search" role="search" aria-label={t.searchForm} onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="pontos-busca">{t.searchLabel}</label>
        <div className="central-points-search-row">
          <input
            ref={searchRef}
            id="pontos-busca"
            type="search"
            value={search}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => setSearch(e.target.value)}
          />
          {searching && (
            <button
              type="button"
              className="btn"
              onClick={() => {
                setSearch("");
                // The button leaves with the search: focus goes back to the field instead of the page's top.
                searchRef.current?.focus();
              }}
            >
              {t.clear}
            </button>
          )}
        </div>
      </form>
      <QueryState
        query={list}
        loading={t.loading}
        error={list.error?.message || CENTRAL_LOAD_FAILED}
        empty={t.empty}
        isEmpty={(data) => data.length === 0}
      >
        {() => (
          <>
            <p className="muted central-points-count" role="status">
              {searching ? t.showing(shown.length, points.length) : t.count(points.length)}
            </p>
            {shown.length === 0 ? (
              <p className="muted page-state">{t.noMatch(search.trim())}</p>
            ) : (
              <PointList points={shown} onOpen={setOpen} busy={list.isFetching && !list.isPending} />
            )}
          </>
        )}
      </QueryState>
      {open && <PointRegistrationModal point={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

// Central do Programa — Pontos de Atendimento (/central/pontos): every service point with the flags that ask for attention,
// filtered by a flag and sorted (both in the URL, ?sinal=&ordem=&direcao=, so the worklist home's links land filtered), a
// search by name, CNPJ or city (?busca=), Atualizar, and each point's page at /central/pontos/:id (main thread).
import { useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import { QueryState } from "../../../components/ui/query-state";
import { CENTRAL_PATHS } from "../../../config/paths";
import { CENTRAL_POINTS_MSG, SORT_OPTIONS } from "../../../config/messages/central-points.pt-BR";
import { formatDocument } from "../../../lib/br-format";
import type { PointFlag, PointSummary, AttentionFilter } from "../api/points";
import { attentionQuery } from "../points-queries";
import { PointList } from "./point-list";
import { PointPage } from "./point-page";
import "./points.css";

const t = CENTRAL_POINTS_MSG.list;
const SEARCH_PARAM = "busca";
const FLAG_PARAM = "sinal";
const FLAGS = Object.keys(CENTRAL_POINTS_MSG.flags) as PointFlag[];
const isFlag = (v: string | null): v is PointFlag => v !== null && (FLAGS as string[]).includes(v);

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

/** The URL's query with `changes` applied (an empty value removes its parameter). */
function withParams(search: string, changes: Record<string, string>) {
  const q = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value) q.set(key, value);
    else q.delete(key);
  }
  return q;
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
    const q = withParams(search, { [SEARCH_PARAM]: written });
    // Replaced, not pushed: back leaves the screen instead of stepping through every letter typed.
    navigate(q.size ? `${location}?${q.toString()}` : location, { replace: true });
  };
  return [value, update];
}

/**
 * The flag and the order in the URL. An unknown flag or order (typed, or an old link) is read as none: the list shows every
 * point by name instead of an error the user cannot fix by retrying.
 */
function useListFilter(): [AttentionFilter, string, (changes: Record<string, string>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const q = new URLSearchParams(search);
  const flag = q.get(FLAG_PARAM);
  const option =
    SORT_OPTIONS.find((o) => o.sort === q.get("ordem") && o.direction === (q.get("direcao") ?? o.direction)) ?? SORT_OPTIONS[0]!;
  const filter: AttentionFilter = {
    ...(isFlag(flag) ? { sinal: flag } : {}),
    ...(option.id !== SORT_OPTIONS[0]!.id ? { ordem: option.sort, direcao: option.direction } : {}),
  };
  // A new history entry per change: back returns to the previous filter.
  const update = (changes: Record<string, string>) => {
    const next = withParams(search, changes);
    navigate(next.size ? `${location}?${next.toString()}` : location);
  };
  return [filter, option.id, update];
}

function PointsList() {
  const [filter, sortId, setFilter] = useListFilter();
  const list = useQuery(attentionQuery(filter));
  const [search, setSearch] = useSearchParam();
  const points = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => points.filter((p) => matchesSearch(p, search)), [points, search]);
  const searching = search.trim() !== "";
  const searchRef = useRef<HTMLInputElement>(null);
  const flagLabel = filter.sinal ? CENTRAL_POINTS_MSG.flags[filter.sinal] : null;

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
      <div className="central-points-filters" role="group" aria-label={t.filtersForm}>
        <label>
          {t.flagLabel}
          <select value={filter.sinal ?? ""} onChange={(e) => setFilter({ [FLAG_PARAM]: e.target.value })}>
            <option value="">{t.allFlags}</option>
            {FLAGS.map((flag) => (
              <option key={flag} value={flag}>
                {CENTRAL_POINTS_MSG.flags[flag]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.sortLabel}
          <select
            value={sortId}
            onChange={(e) => {
              const o = SORT_OPTIONS.find((x) => x.id === e.target.value) ?? SORT_OPTIONS[0]!;
              const isDefault = o.id === SORT_OPTIONS[0]!.id;
              setFilter({ ordem: isDefault ? "" : o.sort, direcao: isDefault ? "" : o.direction });
            }}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {filter.sinal && <p className="muted central-points-hint">{CENTRAL_POINTS_MSG.flagHints[filter.sinal]}.</p>}
      <QueryState
        query={list}
        loading={t.loading}
        error={list.error?.message || t.loadFailed}
        empty={
          flagLabel ? (
            <>
              {t.emptyFlag(flagLabel)}{" "}
              <button type="button" className="link-button" onClick={() => setFilter({ [FLAG_PARAM]: "" })}>
                {t.clearFlag}
              </button>
            </>
          ) : (
            t.empty
          )
        }
        isEmpty={(data) => data.length === 0}
      >
        {() => (
          <>
            <p className="muted central-points-count" role="status">
              {searching
                ? t.showing(shown.length, points.length)
                : flagLabel
                  ? t.countFlag(points.length, flagLabel)
                  : t.count(points.length)}
            </p>
            {shown.length === 0 ? (
              <p className="muted page-state">{t.noMatch(search.trim())}</p>
            ) : (
              <PointList points={shown} busy={list.isFetching && !list.isPending} />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The list at /central/pontos, a point's page at /central/pontos/:id. */
export default function PointsSection() {
  const [location] = useLocation();
  const rest = location.slice(CENTRAL_PATHS.points.length).replace(/^\/+|\/+$/g, "");
  if (rest) return <PointPage id={decodeURIComponent(rest)} />;
  return <PointsList />;
}

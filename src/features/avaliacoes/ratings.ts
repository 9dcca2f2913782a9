// Pure helpers of the ratings screen: the star filter, the distribution per star and the pt-BR texts of scores and dates.
import { BRAZIL_TZ } from "../../domain/dates";
import { displayPlate } from "../../domain/plate";
import type { Avaliacao } from "./api/avaliacoes";

/** The star scale, highest first (the order of the distribution and of the filter). */
export const STARS = [5, 4, 3, 2, 1] as const;
export type StarFilter = "all" | (typeof STARS)[number];

const oneDecimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 0 });
const dateFmt = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: BRAZIL_TZ });
const timeFmt = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: BRAZIL_TZ });

/** 4.333 -> "4,3"; 4 -> "4,0". */
export const formatAverage = (value: number) => oneDecimal.format(Number.isFinite(value) ? value : 0);

/** 1/3 -> "33%"; no ratings -> "0%". */
export const formatShare = (count: number, total: number) => percent.format(total > 0 ? count / total : 0);

export const matchesStar = (rating: Avaliacao, filter: StarFilter) => filter === "all" || rating.Nota === filter;

/** Count and share of each star value 5..1 among the given ratings (values outside 1-5 are counted in no bar). */
export function distribution(ratings: readonly Avaliacao[]): { star: number; count: number; share: number }[] {
  const total = ratings.length;
  return STARS.map((star) => {
    const count = ratings.filter((r) => r.Nota === star).length;
    return { star, count, share: total ? count / total : 0 };
  });
}

/** DataLog is a real instant (UTC ISO): Brasília date and time, e.g. {date: "18/11/2025", time: "14:05"}; the raw text when unreadable. */
export function ratingWhen(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { date: iso, time: "" };
  return { date: dateFmt.format(d), time: timeFmt.format(d) };
}

/** "Toyota Corolla 2020", without the parts the server left empty. */
export const vehicleOf = (r: Avaliacao) => [r.MarcaVeiculo, r.ModeloVeiculo, r.AnoVeiculo].filter(Boolean).join(" ");
export const plateOf = (r: Avaliacao) => (r.PlacaVeiculo ? displayPlate(r.PlacaVeiculo) : "");

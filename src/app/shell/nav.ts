// Navigation entries of the sidebar, bottom bar and drawer (main thread).
import type { IconName } from "../../components/ui/icon";
import { PATHS } from "../../config/paths";

export interface NavItem { label: string; to: string; icon: IconName }
export interface NavGroup { id: string; label: string; items: NavItem[] }

export const SIDEBAR_TOP: NavItem[] = [
  { label: "Agenda", to: PATHS.agenda, icon: "calendar" },
  { label: "Avaliações", to: PATHS.ratings, icon: "star" },
];

export const SIDEBAR_GROUPS: NavGroup[] = [
  { id: "operacoes", label: "Operações", items: [{ label: "Retorno de Serviço", to: PATHS.returns, icon: "repeat" }] },
  { id: "financeiro", label: "Financeiro", items: [
    { label: "Espelho", to: PATHS.mirror, icon: "chart" },
    { label: "Dados Bancários", to: PATHS.bankData, icon: "bank" },
  ] },
  { id: "informacoes", label: "Informações", items: [
    { label: "Contrato", to: PATHS.contracts, icon: "doc" },
    { label: "Política de Privacidade", to: PATHS.privacy, icon: "lock" },
    { label: "Termos de Uso", to: PATHS.terms, icon: "doc" },
  ] },
];

export const BOTTOM_BAR: NavItem[] = [
  { label: "Agenda", to: PATHS.agenda, icon: "calendar" },
  { label: "Avaliações", to: PATHS.ratings, icon: "star" },
  { label: "Escanear", to: PATHS.scanner, icon: "camera" },
  { label: "Financeiro", to: PATHS.mirror, icon: "money" },
];

export const DRAWER_GROUPS: NavGroup[] = [
  { id: "operacoes", label: "Operações", items: [{ label: "Retorno de Serviço", to: PATHS.returns, icon: "repeat" }] },
  { id: "financeiro", label: "Financeiro", items: [
    { label: "Dados Bancários", to: PATHS.bankData, icon: "bank" },
    { label: "Espelho", to: PATHS.mirror, icon: "chart" },
  ] },
  { id: "informacoes", label: "Informações", items: [
    { label: "Contratos", to: PATHS.contracts, icon: "doc" },
    { label: "Política de Privacidade", to: PATHS.privacy, icon: "lock" },
    { label: "Termos de Uso", to: PATHS.terms, icon: "doc" },
  ] },
];

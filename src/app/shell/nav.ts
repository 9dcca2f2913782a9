// Navigation entries of the sidebar, bottom bar and drawer; each destination is defined once (main thread).
import {
  banknoteIcon,
  calendarIcon,
  cameraIcon,
  chartColumnIcon,
  checkIcon,
  fileTextIcon,
  houseIcon,
  landmarkIcon,
  lockIcon,
  repeatIcon,
  rotateCcwClockIcon,
  starIcon,
  usersIcon,
  type IconNode,
} from "../../components/ui/icon";
import { CENTRAL_PATHS, PATHS } from "../../config/paths";

export interface NavItem {
  label: string;
  to: string;
  icon: IconNode;
  /** Shown only to the point's administrators (the signed-in user's Administrativo 'S'). */
  admin?: boolean;
}
export interface NavGroup {
  id: string;
  label: string;
  items: NavItem[];
}

const AGENDA: NavItem = { label: "Agenda", to: PATHS.agenda, icon: calendarIcon };
const RATINGS: NavItem = { label: "Avaliações", to: PATHS.ratings, icon: starIcon };
const RETURNS: NavItem = { label: "Retorno de Serviço", to: PATHS.returns, icon: repeatIcon };
const TEAM: NavItem = { label: "Equipe", to: PATHS.team, icon: usersIcon, admin: true };
const AUDIT: NavItem = { label: "Registro de alterações", to: PATHS.audit, icon: rotateCcwClockIcon, admin: true };
const MIRROR: NavItem = { label: "Espelho", to: PATHS.mirror, icon: chartColumnIcon };
const BANK: NavItem = { label: "Dados Bancários", to: PATHS.bankData, icon: landmarkIcon, admin: true };
const CONTRACT: NavItem = { label: "Contrato", to: PATHS.contracts, icon: fileTextIcon };
const PRIVACY: NavItem = { label: "Política de Privacidade", to: PATHS.privacy, icon: lockIcon };
const TERMS: NavItem = { label: "Termos de Uso", to: PATHS.terms, icon: fileTextIcon };

export const SIDEBAR_TOP: NavItem[] = [AGENDA, RATINGS];

export const SIDEBAR_GROUPS: NavGroup[] = [
  { id: "operacoes", label: "Operações", items: [RETURNS, TEAM, AUDIT] },
  { id: "financeiro", label: "Financeiro", items: [MIRROR, BANK] },
  { id: "informacoes", label: "Informações", items: [CONTRACT, PRIVACY, TERMS] },
];

export const BOTTOM_BAR: NavItem[] = [
  AGENDA,
  RATINGS,
  { label: "Escanear", to: PATHS.scanner, icon: cameraIcon },
  { label: "Financeiro", to: PATHS.mirror, icon: banknoteIcon },
];

/** The drawer lists Financeiro as Dados Bancários then Espelho, and names the contract entry in the plural. */
export const DRAWER_GROUPS: NavGroup[] = [
  { id: "operacoes", label: "Operações", items: [RETURNS, TEAM, AUDIT] },
  { id: "financeiro", label: "Financeiro", items: [BANK, MIRROR] },
  { id: "informacoes", label: "Informações", items: [{ ...CONTRACT, label: "Contratos" }, PRIVACY, TERMS] },
];

/** A menu's entries for the signed-in user: the administrators' ones (Equipe, Registro de alterações, Dados Bancários) only for an administrator. */
export const visibleItems = (items: readonly NavItem[], admin: boolean) => items.filter((item) => admin || !item.admin);

/** The Central console's sections (central-shell.tsx). */
export const CENTRAL_NAV: NavItem[] = [
  { label: "Início", to: CENTRAL_PATHS.home, icon: houseIcon },
  { label: "Aprovações", to: CENTRAL_PATHS.approvals, icon: checkIcon },
  { label: "Pagamentos", to: CENTRAL_PATHS.payments, icon: banknoteIcon },
  { label: "Pontos", to: CENTRAL_PATHS.points, icon: chartColumnIcon },
  { label: "Alterações", to: CENTRAL_PATHS.audit, icon: rotateCcwClockIcon },
  { label: "Equipe", to: CENTRAL_PATHS.staff, icon: usersIcon },
];

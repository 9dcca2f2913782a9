// The pt-BR answers of the central staff routes (issue 38): invitations, roles, deactivation, the own password (server only).
import type { CentralRole } from "../../contract/central-session.ts";

/** The roles as the staff reads them (the client's catalogue has the same words). */
export const ROLE_LABELS: Record<CentralRole, string> = { approver: "Aprovador", payer: "Pagador", admin: "Administrador" };

/** The name a central invitation's strength check and 'Primeiro acesso' use where a point's invitation names the point. */
export const CENTRAL_NAME = "Central do Programa";

export const STAFF_MESSAGES = {
  nameRequired: "Informe o nome do colega.",
  invalidEmail: "Informe um e-mail válido.",
  invalidRole: "Escolha um papel válido: Aprovador, Pagador ou Administrador.",
  emailTaken: "Já existe um usuário com este e-mail (na central ou em um ponto de atendimento).",
  notFound: "Colega da central não encontrado.",
  invited: (name: string) => `Convite criado para ${name}.`,
  newLink: (name: string) => `Novo link de convite gerado para ${name}.`,
  alreadyHasPassword: "Este colega já definiu a senha: não há convite a gerar.",
  inactiveLink: "Reative o colega antes de gerar um link de convite.",
  roleChanged: (name: string, role: CentralRole) => `${name} agora é ${ROLE_LABELS[role]}.`,
  roleUnchanged: (name: string, role: CentralRole) => `${name} já é ${ROLE_LABELS[role]}.`,
  lastAdmin: "A central precisa de pelo menos um administrador ativo: promova outro colega a Administrador antes.",
  selfDeactivate: "Você não pode desativar o seu próprio usuário.",
  deactivated: (name: string) => `${name} foi desativado(a): as sessões abertas foram encerradas.`,
  reactivated: (name: string) => `${name} foi reativado(a).`,
  firstPasswordRequired: "Informe a nova senha e a confirmação.",
  passwordFieldsRequired: "Informe a senha atual, a nova senha e a confirmação.",
  wrongCurrentPassword: "A senha atual não confere.",
  samePassword: "A nova senha deve ser diferente da atual.",
  passwordChanged: "Senha alterada. As suas outras sessões foram encerradas.",
  /** A central invitation that was used, expired or replaced (the point's message names the point's administrator). */
  invalidInvitation: "Este link é inválido, já foi usado ou expirou. Peça um novo a um administrador da central.",
  invitationAccepted: "Senha definida com sucesso.",
} as const;
